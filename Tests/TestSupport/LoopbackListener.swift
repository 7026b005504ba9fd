import Foundation
import Glibc

/// A TCP listener on 127.0.0.1, at a port the system chooses, for a test that plays a server or a
/// proxy by hand (an odd server's bytes, a proxy that says what it was sent): each connection it
/// accepts is handed to `serve`, then closed; `once` stops after the first. It stops listening
/// when it is gone.
public final class LoopbackListener: @unchecked Sendable { // the socket is only closed in deinit
    public let port: UInt16
    private let listener: Int32

    public init(once: Bool = false, serve: @escaping @Sendable (_ connection: Int32) -> Void) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address -> Bool in
                bind(listener, address, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread {
            repeat {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return } // the listener closed
                serve(connection)
                close(connection)
            } while !once
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// An HTTP request's head as a client sends it: its bytes up to the blank line.
    public static func requestHead(from connection: Int32) -> String {
        var request = Data(), byte: UInt8 = 0
        while !request.suffix(4).elementsEqual("\r\n\r\n".utf8), read(connection, &byte, 1) == 1 { request.append(byte) }
        return String(decoding: request, as: UTF8.self)
    }

    /// Writes all of `bytes`.
    public static func write(_ bytes: Data, to connection: Int32) {
        _ = bytes.withUnsafeBytes { Glibc.write(connection, $0.baseAddress, $0.count) }
    }
}

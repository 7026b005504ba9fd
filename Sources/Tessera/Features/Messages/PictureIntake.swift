import Domain
import Foundation
import Localization
import Repositories

/// A picture handed to the chat, copied into its folder and measured by the decoder helper before it is sent;
/// what is not a picture Tessera can show is refused in words, and nothing of it is kept.
public struct PictureIntake: Sendable {
    /// A file's path, or the bytes of a picture pasted or dropped.
    public enum Source: Sendable {
        case file(path: String)
        case bytes(Data)
    }

    private let folder: any PictureStoring
    private let measure: @Sendable (URL) async -> (width: Int, height: Int)?

    /// `measure` reads a kept picture's size in pixels, nil when it cannot be decoded.
    public init(folder: any PictureStoring, measure: @escaping @Sendable (URL) async -> (width: Int, height: Int)?) {
        self.folder = folder
        self.measure = measure
    }

    /// The kept copy and its size, or why it was refused.
    public func take(_ source: Source) async -> Result<ChatPicture, PictureRefusal> {
        let kept: URL
        do throws(PictureRefusal) {
            kept = switch source {
            case .file(let path): try await folder.keep(fileAt: path)
            case .bytes(let bytes): try await folder.keep(bytes)
            }
        } catch {
            return .failure(error)
        }
        guard let size = await measure(kept) else {
            await folder.forget(kept)
            let name = if case .file(let path) = source { URL(fileURLWithPath: path).lastPathComponent } else { tr("The picture") }
            return .failure(.notAPicture(name: name))
        }
        return .success(ChatPicture(url: kept, width: size.width, height: size.height))
    }

    /// Deletes the kept copy (its message deleted, or never stored).
    public func forget(_ picture: ChatPicture) async {
        await folder.forget(picture.url)
    }
}

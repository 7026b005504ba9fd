import Domain
import ImagePipeline

extension ImageRequest {
    /// The request with its download counted under `section` (Preferences' "Data").
    func counted(for section: Section) -> ImageRequest {
        var copy = self
        copy.account = DownloadAccount(section.rawValue)
        return copy
    }
}

import ImagePipeline

extension ViewerPage: ClipPlayingPage {
    public var clipShowsPicture: Bool { clip.player?.showsPicture ?? false }
    public var clipFailure: String? { clip.player?.failure }
    public var clipDownload: RangedDownload? { clip.streamed }
    public func stopClip() { clip.stop() }
}

extension ViewerPage: SightAwarePage {
    public func windowOutOfSight(_ outOfSight: Bool) { clip.windowOutOfSight(outOfSight) }
}

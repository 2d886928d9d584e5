/// The version `sitegen --version` prints. sitegen has made no release yet: the number rises with
/// each change users must know of, and the guide's manual describes this version.
enum SitegenVersion {
    static let text = "0.1.0"
}

import CKey

/// Profile, version, level and layout options shared by several commands.
struct SymbolOptions {
    static let names: Set<String> = ["profile", "version", "level", "layout"]
    static let help = """
          --profile P     scalable (default), locator, text or extended
          --version N     Profile 0 version 1...31; 0 = smallest that fits (default)
          --level L       L, M (default), Q or H
          --layout K      standard (default) or print
        """

    var profile: CKeyProfile
    var version: Int
    var level: CKeyLevel
    var layout: CKeyLayout

    init(_ arguments: Arguments) throws {
        profile = try arguments.choice("profile", default: .scalable, from: [
            "scalable": .scalable, "0": .scalable, "locator": .locator, "1": .locator,
            "text": .text, "2": .text, "extended": .extended, "3": .extended,
        ])
        version = try arguments.integer("version", default: 0, in: 0...31)
        level = try arguments.choice("level", default: .m, from: ["l": .l, "m": .m, "q": .q, "h": .h])
        layout = try arguments.choice("layout", default: .standard, from: ["standard": .standard, "print": .print])
    }
}

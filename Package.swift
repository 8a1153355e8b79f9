// swift-tools-version:6.0
// CKey: the Swift package over the C++20 core in src/. C++ targets compile
// src/ in place through one-line shims (tools/sync-shims writes them); the
// Swift API lives in sdk/swift/Sources.
import PackageDescription

let cxx: [CXXSetting] = [.headerSearchPath("../../../../include"), .define("CKEY_SWIFTPM")]

let package = Package(
    name: "ckey",
    platforms: [.macOS(.v12), .iOS(.v15)],
    products: [
        .library(name: "CKey", targets: ["CKey"]),
        .library(name: "CKeyScanner", targets: ["CKeyScanKit"]),
        .executable(name: "ckey", targets: ["ckey"]),
    ],
    targets: [
        // The C++ modules of src/, one target per row of src/modules.txt (payload
        // and session compile into CKeyScan); each depends on what that file
        // lets its modules use (tools/check-layers checks it).
        .target(name: "CKeyCore", path: "sdk/swift/Sources/CKeyCore", publicHeadersPath: ".", cxxSettings: cxx),
        .target(name: "CKeyText", path: "sdk/swift/Sources/CKeyText", publicHeadersPath: ".", cxxSettings: cxx),
        .target(name: "CKeyCodec", dependencies: ["CKeyCore"], path: "sdk/swift/Sources/CKeyCodec",
                publicHeadersPath: "include", cxxSettings: cxx),
        .target(name: "CKeyImage", dependencies: ["CKeyCore"], path: "sdk/swift/Sources/CKeyImage",
                publicHeadersPath: ".", cxxSettings: cxx,
                linkerSettings: [.linkedLibrary("png"), .linkedLibrary("jpeg")]),
        .target(name: "CKeyScan", dependencies: ["CKeyCore", "CKeyCodec", "CKeyImage"], path: "sdk/swift/Sources/CKeyScan",
                publicHeadersPath: ".", cxxSettings: cxx),
        .target(name: "CKeyScanKit", dependencies: ["CKeyCodec", "CKeyScan"], path: "sdk/swift/Sources/CKeyScanKit"),
        .target(name: "CKeyRender", dependencies: ["CKeyCore", "CKeyCodec"],
                path: "sdk/swift/Sources/CKeyRender", publicHeadersPath: ".", cxxSettings: cxx,
                linkerSettings: [.linkedLibrary("png")]),
        .target(name: "CKeyCertify", dependencies: ["CKeyCore", "CKeyCodec", "CKeyImage", "CKeyScan", "CKeyRender"],
                path: "sdk/swift/Sources/CKeyCertify", publicHeadersPath: ".", cxxSettings: cxx,
                linkerSettings: [.linkedLibrary("jpeg")]),
        // Safe Actions; src/text says what may be shown to a person in their request info.
        .target(name: "CKeyActions", dependencies: ["CKeyCore", "CKeyText"], path: "sdk/swift/Sources/CKeyActions",
                publicHeadersPath: ".", cxxSettings: cxx, linkerSettings: [.linkedLibrary("crypto")]),
        .target(name: "CKeyTelemetry", dependencies: ["CKeyCore"], path: "sdk/swift/Sources/CKeyTelemetry",
                publicHeadersPath: "include", cxxSettings: cxx),
        .target(name: "CKey", dependencies: ["CKeyScanKit", "CKeyCodec", "CKeyRender", "CKeyCertify", "CKeyActions", "CKeyTelemetry"],
                path: "sdk/swift/Sources/CKey", resources: [.copy("PrivacyInfo.xcprivacy")]),
        .executableTarget(name: "ckey", dependencies: ["CKey"], path: "sdk/swift/Sources/ckey"),
        .testTarget(name: "CKeyTests", dependencies: ["CKey"], path: "Tests/CKeyTests"),
    ],
    // Swift 5 language mode; tools 6.0 for access-level imports: the C modules
    // are imported internal (package in CKeyError.swift), so clients of CKey
    // and CKeyScanner never see them.
    swiftLanguageModes: [.v5],
    cxxLanguageStandard: .cxx20
)

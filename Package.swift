// swift-tools-version:5.9
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
        .target(name: "CKeyCodec", path: "sdk/swift/Sources/CKeyCodec",
                 publicHeadersPath: "include", cxxSettings: cxx),
        .target(name: "CKeyScan", path: "sdk/swift/Sources/CKeyScan", publicHeadersPath: ".",
                 cxxSettings: cxx, linkerSettings: [.linkedLibrary("png"), .linkedLibrary("jpeg")]),
        .target(name: "CKeyScanKit", dependencies: ["CKeyCodec", "CKeyScan"], path: "sdk/swift/Sources/CKeyScanKit"),
        .target(name: "CKeyRender", path: "sdk/swift/Sources/CKeyRender", publicHeadersPath: ".",
                 cxxSettings: cxx, linkerSettings: [.linkedLibrary("png")]),
        .target(name: "CKeyCertify", path: "sdk/swift/Sources/CKeyCertify", publicHeadersPath: ".",
                 cxxSettings: cxx, linkerSettings: [.linkedLibrary("jpeg")]),
        // What may be shown to a person (src/text), for Safe Actions' request info.
        .target(name: "CKeyText", path: "sdk/swift/Sources/CKeyText", publicHeadersPath: ".", cxxSettings: cxx),
        .target(name: "CKeyActions", dependencies: ["CKeyText"], path: "sdk/swift/Sources/CKeyActions",
                 publicHeadersPath: ".", cxxSettings: cxx, linkerSettings: [.linkedLibrary("crypto")]),
        .target(name: "CKeyTelemetry", path: "sdk/swift/Sources/CKeyTelemetry", publicHeadersPath: "include",
                 cxxSettings: cxx),
        .target(name: "CKey", dependencies: ["CKeyScanKit", "CKeyCodec", "CKeyRender", "CKeyCertify", "CKeyActions", "CKeyTelemetry"],
                path: "sdk/swift/Sources/CKey", resources: [.copy("PrivacyInfo.xcprivacy")]),
        .executableTarget(name: "ckey", dependencies: ["CKey"], path: "sdk/swift/Sources/ckey"),
        .testTarget(name: "CKeyTests", dependencies: ["CKey"], path: "Tests/CKeyTests"),
    ],
    cxxLanguageStandard: .cxx20
)

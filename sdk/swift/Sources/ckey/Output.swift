import Foundation

/// Writing results: JSON (sorted keys, one object per line) or plain text.
enum Output {
    static func json(_ object: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]),
              let text = String(data: data, encoding: .utf8) else { return }
        print(text)
    }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data("ckey: \(message)\n".utf8))
    }
}

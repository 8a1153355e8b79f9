import CKey
import Foundation

/// `ckey capacity --payload TEXT`: the version each level needs for one
/// payload, the bits it takes, how it was segmented, and why no smaller
/// version holds it.
enum CapacityPayload {
    struct Row {
        let level: CKeyLevel
        let symbol: CKeySymbol?
        let reason: String

        var json: [String: Any] {
            guard let symbol else { return ["level": level.description, "fits": false, "reason": reason] }
            return ["level": level.description, "fits": true, "version": symbol.version, "modules": symbol.moduleCount,
                    "stream_bits": symbol.streamBits, "data_bits": symbol.dataBits,
                    "encodation": symbol.encodation.description,
                    "segments": EncodeCommand.segmentsJSON(symbol), "reason": reason]
        }
    }

    static func run(payload: Data, options: SymbolOptions, json: Bool) throws -> Int32 {
        guard options.version == 0 else {
            throw UsageError("--payload asks which version fits; leave out --version")
        }
        let levels = options.profile == .scalable ? CKeyLevel.allCases : [CKeyLevel.m]
        let rows = try levels.map { try row(payload, level: $0, options: options) }
        if json {
            Output.json(["payload_bytes": payload.count, "profile": options.profile.description,
                         "layout": options.layout.description, "levels": rows.map(\.json)])
            return 0
        }
        print("payload \(payload.count) bytes, profile \(options.profile), layout \(options.layout)")
        for row in rows {
            guard let symbol = row.symbol else {
                print("  \(options.profile == .scalable ? row.level.description : "fixed"): does not fit: \(row.reason)")
                continue
            }
            let name = options.profile == .scalable ? "\(row.level)" : "fixed level \(symbol.level)"
            let where_ = options.profile == .scalable ? "version \(symbol.version)" : "profile \(symbol.profile)"
            print("  \(name): \(where_) (\(symbol.moduleCount) modules), \(symbol.streamBits) of \(symbol.dataBits) bits, "
                  + "\(EncodeCommand.packing(symbol)); \(row.reason)")
        }
        return rows.contains { $0.symbol != nil } ? 0 : 1
    }

    private static func row(_ payload: Data, level: CKeyLevel, options: SymbolOptions) throws -> Row {
        let symbol: CKeySymbol
        do {
            symbol = try CKeySymbol.encode(payload, level: level, layout: options.layout, profile: options.profile)
        } catch let error as CKeyError where error.code == .payloadTooLarge {
            return Row(level: level, symbol: nil, reason: error.message)
        }
        guard options.profile == .scalable else { return Row(level: level, symbol: symbol, reason: "the profile's size is fixed") }
        guard symbol.version > 1 else { return Row(level: level, symbol: symbol, reason: "version 1 is the smallest") }
        // Byte capacity is D - 6 (spec 7.8), so the version below holds (capacity + 6) * 8 bits.
        let below = try CKeySymbol.capacity(version: symbol.version - 1, level: level, layout: options.layout)
        return Row(level: level, symbol: symbol,
                   reason: "version \(symbol.version - 1) holds \((below + 6) * 8) bits")
    }
}

import CKey
import Foundation

// ckey: the command-line tool. Exit status: 0 success, 1 the library refused
// (the message says why), 2 a usage error, 3 nothing found (decode, grade),
// 4 a negative verdict (certify: not certified).
let commands: [String: (ArraySlice<String>) throws -> Int32] = [
    "encode": EncodeCommand.run,
    "capacity": CapacityCommand.run,
    "decode": DecodeCommand.run,
    "scan": ScanCommand.run,
    "classify": ClassifyCommand.run,
    "action": ActionCommand.run,
    "simulate": SimulateCommand.run,
    "grade": GradeCommand.run,
    "certify": CertifyCommand.run,
]

let usage = """
    usage: ckey COMMAND [options]

    commands:
      encode     encode a payload; print its summary or write PNG, SVG, PDF (-o, --batch)
      capacity   payload capacity of a version, or the whole table
      decode     scan image files for symbols
      scan       live scanning of raw video frames on stdin (sessions, as a camera)
      classify   what a payload may do (web, email, call, geo...), or why nothing
      action     Safe Actions: keygen, sign and verify (issuer tools)
      simulate   render a symbol into a simulated phone-camera frame (PGM)
      grade      grade the print quality of a printed symbol (A...F; JSON, card, PDF report)
      certify    certify that a style reads over a use envelope (size, distance, lighting)

    'ckey COMMAND --help' describes a command.
    """

let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, name != "--help", name != "-h", name != "help" else {
    print(usage)
    exit(arguments.isEmpty ? 2 : 0)
}
guard let command = commands[name] else {
    Output.error("unknown command '\(name)'; commands: \(commands.keys.sorted().joined(separator: ", "))")
    exit(2)
}
do {
    exit(try command(arguments.dropFirst()))
} catch let error as UsageError {
    Output.error("\(error.message)\n(see 'ckey \(name) --help')")
    exit(2)
} catch let error as CKeyError {
    Output.error("\(error.message) [\(error.code)]")
    exit(1)
} catch {
    Output.error("\(error)")
    exit(1)
}

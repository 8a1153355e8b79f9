#if canImport(SwiftUI)
import SwiftUI

/// The only way to approve a cross-device Safe Action: shows the verified
/// issuer, the action and who is asking, with Decline as the default button.
/// Leaving the view without approving declines the request.
@available(iOS 15.0, macOS 12.0, *)
public struct CKeySafeActionPrompt: View {
    private let request: CKeySafeActionRequest
    private let onFinish: (Bool) -> Void
    @State private var busy = false

    /// - Parameter onFinish: called with true after the action ran, false when declined.
    public init(request: CKeySafeActionRequest, onFinish: @escaping (Bool) -> Void = { _ in }) {
        self.request = request
        self.onFinish = onFinish
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Label("Verified request from \(request.issuer)", systemImage: "checkmark.seal")
                .font(.headline)
            VStack(alignment: .leading, spacing: 4) {
                Text("Who is asking").font(.caption).foregroundColor(.secondary)
                Text(request.requester).font(.body)
                if let location = request.location {
                    Text(location).font(.callout).foregroundColor(.secondary)
                }
            }
            Text("Action: \(request.action.name)").font(.callout)
            if !request.action.paramsText.isEmpty {
                Text(request.action.paramsText).font(.footnote).foregroundColor(.secondary).lineLimit(4)
            }
            Text("Approve only if you started this on another device.")
                .font(.footnote).foregroundColor(.secondary)
            HStack {
                Button("Decline", role: .cancel) {
                    request.decline()
                    onFinish(false)
                }
                .keyboardShortcut(.defaultAction)
                Spacer()
                Button("Approve") {
                    busy = true
                    Task {
                        let ran = await request.confirm()
                        busy = false
                        onFinish(ran)
                    }
                }
                .disabled(busy || request.state != .pending)
            }
        }
        .padding()
        .accessibilityElement(children: .contain)
        .onDisappear { request.decline() }
    }
}
#endif

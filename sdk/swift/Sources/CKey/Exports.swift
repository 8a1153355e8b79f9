// `import CKey` brings the scanning API too.
@_exported import CKeyScanKit

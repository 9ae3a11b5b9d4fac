import WellnessKitCore

/// A random (version 4) UUID in lowercase 8-4-4-4-12 form, from the system's
/// secure generator: Foundation's `UUID().uuidString` without Foundation.
func randomUUIDString() -> String {
    var generator = SystemRandomNumberGenerator()
    var bytes = (0..<2).flatMap { _ in withUnsafeBytes(of: generator.next() as UInt64) { Array($0) } }
    bytes[6] = bytes[6] & 0x0f | 0x40  // version 4
    bytes[8] = bytes[8] & 0x3f | 0x80  // RFC 4122 variant
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(36)
    for (index, byte) in bytes.enumerated() {
        if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
}

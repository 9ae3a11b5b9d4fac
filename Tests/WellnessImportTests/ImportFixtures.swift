import CWellnessImport
import WellnessImport
import WellnessKitCore

/// Small exports built in the tests: Apple Health XML, and zips of it (deflated by zlib).
enum ImportFixtures {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!ELEMENT HealthData (ExportDate,Me,(Record|Workout)*)>
        <!ATTLIST HealthData locale CDATA #REQUIRED>
        ]>
        <HealthData locale="en_US">
         <ExportDate value="2025-01-01 09:00:00 +0100"/>

        """

    static func export(_ body: String) -> [UInt8] {
        Array((header + body + "</HealthData>\n").utf8)
    }

    static func record(
        _ type: String, _ source: String, _ unit: String, _ start: String, _ end: String, _ value: String
    ) -> String {
        " <Record type=\"HKQuantityTypeIdentifier\(type)\" sourceName=\"\(source)\" unit=\"\(unit)\""
            + " startDate=\"\(start)\" endDate=\"\(end)\" value=\"\(value)\"/>\n"
    }

    static func sleep(_ source: String, _ stage: String, _ start: String, _ end: String) -> String {
        " <Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"\(source)\""
            + " startDate=\"\(start)\" endDate=\"\(end)\" value=\"HKCategoryValueSleepAnalysis\(stage)\"/>\n"
    }

    /// Runs an import over bytes.
    static func run(
        _ bytes: [UInt8], format: ImportFormat = .appleHealth, options: ImportOptions = ImportOptions(),
        name: String = "export.xml"
    ) throws -> ImportResult {
        try bytes.withUnsafeBytes { buffer in
            try format.run(ImportInput(borrowing: buffer, name: name), options: options, progress: nil)
        }
    }

    /// The error an import throws, or nil.
    static func failure(_ bytes: [UInt8], format: ImportFormat = .appleHealth, name: String = "export.xml")
        -> WellnessError?
    {
        do {
            _ = try run(bytes, format: format, name: name)
            return nil
        } catch let error as WellnessError {
            return error
        } catch {
            return WellnessError.internal("\(error)")
        }
    }

    /// A zip of one deflated member.
    static func zip(_ content: [UInt8], name: String = "apple_health_export/export.xml") -> [UInt8] {
        let compressed = deflateRaw(content)
        let crc = UInt32(
            truncatingIfNeeded: content.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
        let nameBytes = Array(name.utf8)
        var local: [UInt8] = le32(0x0403_4B50) + le16(20) + le16(0) + le16(8) + le16(0) + le16(0) + le32(crc)
        local += le32(UInt32(compressed.count)) + le32(UInt32(content.count)) + le16(UInt16(nameBytes.count)) + le16(0)
        local += nameBytes + compressed
        var central: [UInt8] = le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(8) + le16(0) + le16(0)
        central += le32(crc) + le32(UInt32(compressed.count)) + le32(UInt32(content.count))
        central += le16(UInt16(nameBytes.count)) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(0) + nameBytes
        var end: [UInt8] = le32(0x0605_4B50) + le16(0) + le16(0) + le16(1) + le16(1)
        end += le32(UInt32(central.count)) + le32(UInt32(local.count)) + le16(0)
        return local + central + end
    }

    private static func deflateRaw(_ content: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        _ = deflateInit2_(
            &stream, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        var output = [UInt8](repeating: 0, count: content.count + 1024)
        var input = content
        let written = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                _ = deflate(&stream, Z_FINISH)
                return target.count - Int(stream.avail_out)
            }
        }
        deflateEnd(&stream)
        return Array(output[0..<written])
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
}

extension ImportResult {
    /// The value of `column` on `date`, when the row has one.
    func value(_ column: String, on date: String) -> Double? {
        daily.first { $0.date.description == date }?.values[column]
    }
}

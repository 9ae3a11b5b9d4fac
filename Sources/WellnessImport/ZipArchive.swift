import CWellnessImport
import WellnessKitCore

/// The directory of a zip file (PKWARE APPNOTE 6.3: end of central directory,
/// its zip64 form, central directory entries) and one member streamed through
/// zlib's inflate. Only these fixed-layout headers are read here; the
/// compressed data is zlib's. Health exports are written by Apple with
/// deflate, and above 4 GB with zip64 fields, both of which are read.
///
/// Why these headers are read here and not by a zip library: Debian's libzip
/// would make every host of libwellness load libssl and libbz2 for a format
/// whose one method here is deflate, and minizip (zlib's contrib/ 1.1) is
/// unmaintained upstream with a record of overflow CVEs in exactly this
/// header parsing. The parsing left is a few fixed layouts, each field
/// checked against the file's size; inflate and the CRC are zlib's.
struct ZipArchive {
    /// One member's place in the archive.
    struct Entry {
        let name: String
        let method: UInt16
        let compressedSize: Int
        let uncompressedSize: Int
        let crc32: UInt32
        let localHeaderOffset: Int
    }

    let input: ImportInput
    let entries: [Entry]

    /// Whether the input starts as a zip file does ("PK\3\4" or an empty archive's "PK\5\6").
    static func looksLikeZip(_ input: ImportInput) -> Bool {
        guard let head = try? input.readExactly(at: 0, count: 4, what: "signature") else { return false }
        return head[0] == 0x50 && head[1] == 0x4B && (head[2] == 3 || head[2] == 5) && (head[3] == 4 || head[3] == 6)
    }

    /// Reads the central directory.
    /// - Throws: `invalidArgument` naming the file when it is not a zip or is truncated.
    init(_ input: ImportInput) throws {
        self.input = input
        let directory = try Self.locateDirectory(input)
        var entries: [Entry] = []
        var offset = directory.offset
        for _ in 0..<directory.count {
            let (entry, length) = try Self.readEntry(input, at: offset)
            entries.append(entry)
            offset += length
        }
        self.entries = entries
    }

    /// The member named `name`, or whose name ends with "/" + `name`.
    func entry(named name: String) -> Entry? {
        entries.first { $0.name == name || $0.name.hasSuffix("/" + name) }
    }

    /// Streams an entry's uncompressed bytes.
    func open(_ entry: Entry) throws -> ByteChunks {
        let header = try input.readExactly(at: entry.localHeaderOffset, count: 30, what: "local header")
        guard Self.uint32(header, 0) == 0x0403_4B50 else {
            throw WellnessError.invalidArgument("\(input.name): \(entry.name)'s local header is damaged")
        }
        let dataOffset = entry.localHeaderOffset + 30 + Int(Self.uint16(header, 26)) + Int(Self.uint16(header, 28))
        let (end, overflow) = dataOffset.addingReportingOverflow(entry.compressedSize)
        guard !overflow, end <= input.size else {
            throw WellnessError.invalidArgument(
                "\(input.name): truncated: \(entry.name) needs \(entry.compressedSize) bytes from byte \(dataOffset)"
                    + " but the file has \(input.size)")
        }
        switch entry.method {
        case 0, 8: return try ZipMemberChunks(input: input, entry: entry, dataOffset: dataOffset)
        default:
            throw WellnessError.invalidArgument(
                "\(input.name): \(entry.name) uses compression method \(entry.method); only stored and deflate are read"
            )
        }
    }

    // MARK: - Directory

    private static func locateDirectory(_ input: ImportInput) throws -> (offset: Int, count: Int) {
        let tailLength = min(input.size, 22 + 65_535)
        let tail = try input.readExactly(at: input.size - tailLength, count: tailLength, what: "end of the archive")
        var index = tailLength - 22
        while index >= 0 {
            if uint32(tail, index) == 0x0605_4B50 { break }
            index -= 1
        }
        guard index >= 0 else {
            throw WellnessError.invalidArgument(
                "\(input.name): not a zip file, or truncated (no end of central directory record)")
        }
        var count = Int(uint16(tail, index + 10))
        var size = Int(uint32(tail, index + 12))
        var offset = Int(uint32(tail, index + 16))
        let recordOffset = input.size - tailLength + index
        // zip64: a locator right before the record points at the zip64 record.
        if index >= 20, uint32(tail, index - 20) == 0x0706_4B50 {
            let zip64Offset = try checkedInt(uint64(tail, index - 20 + 8), input, "zip64 record offset")
            let record = try input.readExactly(at: zip64Offset, count: 56, what: "zip64 end of central directory")
            guard uint32(record, 0) == 0x0606_4B50 else {
                throw WellnessError.invalidArgument("\(input.name): the zip64 end of central directory is damaged")
            }
            count = try checkedInt(uint64(record, 32), input, "entry count")
            size = try checkedInt(uint64(record, 40), input, "directory size")
            offset = try checkedInt(uint64(record, 48), input, "directory offset")
        }
        let (end, overflow) = offset.addingReportingOverflow(size)
        guard !overflow, end <= recordOffset, count <= size / 46 + 1 else {
            throw WellnessError.invalidArgument(
                "\(input.name): truncated or damaged: the central directory (\(size) bytes at \(offset)) is not in the file"
            )
        }
        return (offset, count)
    }

    private static func readEntry(_ input: ImportInput, at offset: Int) throws -> (Entry, Int) {
        let fixed = try input.readExactly(at: offset, count: 46, what: "central directory entry")
        guard uint32(fixed, 0) == 0x0201_4B50 else {
            throw WellnessError.invalidArgument("\(input.name): a central directory entry at byte \(offset) is damaged")
        }
        let nameLength = Int(uint16(fixed, 28))
        let extraLength = Int(uint16(fixed, 30))
        let commentLength = Int(uint16(fixed, 32))
        let variable = try input.readExactly(
            at: offset + 46, count: nameLength + extraLength, what: "central directory entry")
        let name = String(decoding: variable[0..<nameLength], as: UTF8.self)
        var compressed = UInt64(uint32(fixed, 20))
        var uncompressed = UInt64(uint32(fixed, 24))
        var localOffset = UInt64(uint32(fixed, 42))
        // zip64 extended information: only the fields whose 32-bit form is 0xFFFFFFFF, in this order.
        var extra = nameLength
        while extra + 4 <= variable.count {
            let id = uint16(variable, extra)
            let length = Int(uint16(variable, extra + 2))
            var field = extra + 4
            if id == 1 {
                if uncompressed == 0xFFFF_FFFF, field + 8 <= variable.count {
                    uncompressed = uint64(variable, field)
                    field += 8
                }
                if compressed == 0xFFFF_FFFF, field + 8 <= variable.count {
                    compressed = uint64(variable, field)
                    field += 8
                }
                if localOffset == 0xFFFF_FFFF, field + 8 <= variable.count {
                    localOffset = uint64(variable, field)
                }
            }
            extra += 4 + length
        }
        let entry = Entry(
            name: name, method: uint16(fixed, 10),
            compressedSize: try checkedInt(compressed, input, "compressed size"),
            uncompressedSize: try checkedInt(uncompressed, input, "size"),
            crc32: uint32(fixed, 16),
            localHeaderOffset: try checkedInt(localOffset, input, "member offset"))
        return (entry, 46 + nameLength + extraLength + commentLength)
    }

    private static func checkedInt(_ value: UInt64, _ input: ImportInput, _ what: String) throws -> Int {
        guard value <= UInt64(Int.max >> 1) else {
            throw WellnessError.invalidArgument("\(input.name): a zip \(what) of \(value) is out of range")
        }
        return Int(value)
    }

    static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(uint16(bytes, at)) | UInt32(uint16(bytes, at + 2)) << 16
    }

    static func uint64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        UInt64(uint32(bytes, at)) | UInt64(uint32(bytes, at + 4)) << 32
    }
}

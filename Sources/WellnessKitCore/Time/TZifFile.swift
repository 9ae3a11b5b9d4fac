#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The UTC offsets recorded in one TZif file (RFC 8536), the binary format of
/// the tz database's compiled zones (`/usr/share/zoneinfo/America/New_York`).
///
/// Versions 1–4 are read (a later version is read as version 4, as RFC 9636
/// asks); for version 2 and later only the 64-bit section and the footer are
/// used. Time zone abbreviations, the standard/wall and UT/local indicators
/// and leap seconds are checked for size (abbreviation indices for range) and otherwise ignored, as Python's
/// zoneinfo and Go do. Anything malformed (truncated, counts that do not fit,
/// unordered transitions, a type index out of range, a bad footer, trailing
/// bytes) makes the whole file invalid: parsing never traps.
struct TZifFile: Sendable, Equatable {
    /// 1, 2, 3 or 4.
    let version: Int
    /// Transition instants, seconds since the epoch, strictly increasing.
    let transitionTimes: [Int64]
    /// Seconds east of UTC from each transition on (parallel to `transitionTimes`).
    let transitionOffsets: [Int64]
    /// Seconds east of UTC before the first transition: time type 0 (RFC 8536 §3.2).
    let initialOffset: Int64
    /// The rule for instants from the last transition on (or for all instants
    /// when there are no transitions); nil when the file has no footer (version 1)
    /// or an empty one, and the last transition's offset then stays in force.
    let footer: PosixTimeZoneString?

    /// Files larger than this are not zones (the largest real one is a few KiB).
    static let maximumSize = 1 << 20

    init(
        version: Int, transitionTimes: [Int64], transitionOffsets: [Int64], initialOffset: Int64,
        footer: PosixTimeZoneString?
    ) {
        self.version = version
        self.transitionTimes = transitionTimes
        self.transitionOffsets = transitionOffsets
        self.initialOffset = initialOffset
        self.footer = footer
    }

    /// A zone of constant offset, with no transitions.
    static func fixed(offset: Int64) -> TZifFile {
        TZifFile(version: 1, transitionTimes: [], transitionOffsets: [], initialOffset: offset, footer: nil)
    }

    // MARK: Reading a file

    enum LoadResult: Sendable, Equatable {
        /// The file could not be opened (absent, or the directory is).
        case missing
        /// It was opened but is not a regular file, is too large, could not be
        /// read, or is not a valid TZif file.
        case invalid
        case loaded(TZifFile)
    }

    /// Reads and parses the file at `path`.
    static func load(path: String) -> LoadResult {
        // O_NONBLOCK: opening a FIFO planted in the database must not hang.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .missing }
        defer { _ = close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & 0o170000 == 0o100000,
            status.st_size >= 0, status.st_size <= Int64(maximumSize)
        else { return .invalid }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size) + 1)
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .invalid
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maximumSize { return .invalid }
        }
        guard let file = TZifFile(bytes: bytes) else { return .invalid }
        return .loaded(file)
    }

    // MARK: Parsing

    /// The fixed part of a header: magic, version, 15 reserved bytes, six counts.
    private static let headerSize = 44

    private struct Header {
        let versionByte: UInt8
        let utIndicatorCount: Int
        let standardIndicatorCount: Int
        let leapCount: Int
        let transitionCount: Int
        let typeCount: Int
        let characterCount: Int

        /// Bytes of the data block that follows, with 4- or 8-byte times;
        /// at most about 2^38, so no overflow in Int.
        func dataSize(timeSize: Int) -> Int {
            transitionCount * timeSize + transitionCount + typeCount * 6 + characterCount
                + leapCount * (timeSize + 4) + standardIndicatorCount + utIndicatorCount
        }
    }

    /// Parses a whole TZif file; nil when it is not exactly one valid file.
    init?(bytes: [UInt8]) {
        guard let first = Self.header(bytes, at: 0) else { return nil }
        let version: Int
        switch first.versionByte {
        case 0: version = 1
        case UInt8(ascii: "2")...UInt8(ascii: "9"): version = min(Int(first.versionByte - UInt8(ascii: "0")), 4)
        default: return nil
        }
        let firstData = Self.headerSize
        let firstEnd = firstData + first.dataSize(timeSize: 4)
        guard firstEnd <= bytes.count else { return nil }
        if version == 1 {
            guard firstEnd == bytes.count,
                let block = Self.dataBlock(bytes, first, at: firstData, timeSize: 4)
            else { return nil }
            self.init(
                version: 1, transitionTimes: block.times, transitionOffsets: block.offsets,
                initialOffset: block.initialOffset, footer: nil)
            return
        }
        guard let second = Self.header(bytes, at: firstEnd), second.versionByte == first.versionByte else { return nil }
        let secondData = firstEnd + Self.headerSize
        let secondEnd = secondData + second.dataSize(timeSize: 8)
        guard secondEnd <= bytes.count,
            let block = Self.dataBlock(bytes, second, at: secondData, timeSize: 8)
        else { return nil }
        // Footer: "\n" TZ string "\n", and nothing after it.
        guard secondEnd < bytes.count, bytes[secondEnd] == UInt8(ascii: "\n"), bytes.last == UInt8(ascii: "\n"),
            bytes.count - secondEnd >= 2
        else { return nil }
        let text = Array(bytes[(secondEnd + 1)..<(bytes.count - 1)])
        guard !text.contains(UInt8(ascii: "\n")) else { return nil }
        var footer: PosixTimeZoneString?
        if !text.isEmpty {
            guard let parsed = PosixTimeZoneString(utf8: text) else { return nil }
            footer = parsed
        }
        self.init(
            version: version, transitionTimes: block.times, transitionOffsets: block.offsets,
            initialOffset: block.initialOffset, footer: footer)
    }

    private static func header(_ bytes: [UInt8], at position: Int) -> Header? {
        guard position >= 0, bytes.count - position >= headerSize,
            bytes[position] == UInt8(ascii: "T"), bytes[position + 1] == UInt8(ascii: "Z"),
            bytes[position + 2] == UInt8(ascii: "i"), bytes[position + 3] == UInt8(ascii: "f")
        else { return nil }
        func count(_ index: Int) -> Int {
            Int(bigEndian32(bytes, at: position + 20 + 4 * index))
        }
        return Header(
            versionByte: bytes[position + 4],
            utIndicatorCount: count(0), standardIndicatorCount: count(1), leapCount: count(2),
            transitionCount: count(3), typeCount: count(4), characterCount: count(5))
    }

    /// The transitions and type offsets of one data block, whose size the
    /// caller has checked.
    private static func dataBlock(_ bytes: [UInt8], _ header: Header, at start: Int, timeSize: Int)
        -> (times: [Int64], offsets: [Int64], initialOffset: Int64)?
    {
        // At least one local time type; indicator counts are zero or one per type.
        guard header.typeCount >= 1,
            header.utIndicatorCount == 0 || header.utIndicatorCount == header.typeCount,
            header.standardIndicatorCount == 0 || header.standardIndicatorCount == header.typeCount
        else { return nil }
        let typeIndicesStart = start + header.transitionCount * timeSize
        let typesStart = typeIndicesStart + header.transitionCount
        var typeOffsets: [Int64] = []
        typeOffsets.reserveCapacity(header.typeCount)
        for index in 0..<header.typeCount {
            let entry = typesStart + index * 6
            let offset = Int32(bitPattern: bigEndian32(bytes, at: entry))
            // RFC 8536 §3.2: utoff must not be -2^31; isdst is 0 or 1;
            // the abbreviation index points into the abbreviation characters.
            guard offset != Int32.min, bytes[entry + 4] <= 1,
                Int(bytes[entry + 5]) < header.characterCount
            else { return nil }
            typeOffsets.append(Int64(offset))
        }
        var times: [Int64] = []
        var offsets: [Int64] = []
        times.reserveCapacity(header.transitionCount)
        offsets.reserveCapacity(header.transitionCount)
        for index in 0..<header.transitionCount {
            let time: Int64
            if timeSize == 8 {
                time = Int64(
                    bitPattern: UInt64(bigEndian32(bytes, at: start + 8 * index)) << 32
                        | UInt64(bigEndian32(bytes, at: start + 8 * index + 4)))
            } else {
                time = Int64(Int32(bitPattern: bigEndian32(bytes, at: start + 4 * index)))
            }
            let type = Int(bytes[typeIndicesStart + index])
            guard type < header.typeCount, times.last.map({ $0 < time }) ?? true else { return nil }
            times.append(time)
            offsets.append(typeOffsets[type])
        }
        return (times, offsets, typeOffsets[0])
    }

    private static func bigEndian32(_ bytes: [UInt8], at position: Int) -> UInt32 {
        UInt32(bytes[position]) << 24 | UInt32(bytes[position + 1]) << 16
            | UInt32(bytes[position + 2]) << 8 | UInt32(bytes[position + 3])
    }
}

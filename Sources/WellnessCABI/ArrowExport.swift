import CWellness
import WellnessKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Columns handed over through the Arrow C Data Interface: one struct array
/// (format "+s") whose children are the columns. Written by hand because the
/// interface is a few plain structs by design (no Arrow library is needed to
/// produce it, and linking one would add megabytes for that).
///
/// Every node (the struct and each column) owns its memory through its
/// `private_data` and frees it in its release callback; the struct's release
/// releases the columns still attached (a consumer may move one out first,
/// setting its release to NULL), as the interface specifies.
enum ArrowExport {
    /// Fills `schema` and `array` with `columns`.
    /// - Throws: an internal error when memory runs out or a column's text exceeds 2 GiB; nothing is written then.
    static func export(
        _ columns: BucketColumns, to schema: UnsafeMutablePointer<ArrowSchema>,
        _ array: UnsafeMutablePointer<ArrowArray>
    ) throws {
        let children = try zip(columns.names, columns.columns).map { name, values in
            try (ArrowColumn(name: name, values: values), values)
        }
        let schemaNode = SchemaNode(format: "+s", name: "", flags: 0, children: children.map { $0.0.schema })
        let arrayNode = ArrayNode(
            length: columns.rowCount, nullCount: 0, buffers: [nil],
            children: children.map { $0.0.array })
        schemaNode.fill(schema)
        arrayNode.fill(array)
    }
}

/// One column's schema node and array node, before they are handed over.
private struct ArrowColumn {
    let schema: SchemaNode
    let array: ArrayNode

    init(name: String, values: BucketColumns.Values) throws {
        let nullable = Int64(ARROW_FLAG_NULLABLE)
        switch values {
        case .int64(let values):
            schema = SchemaNode(format: "l", name: name, flags: nullable, children: [])
            array = try ArrayNode.fixedWidth(values)
        case .timestampMilliseconds(let values):
            schema = SchemaNode(format: "tsm:UTC", name: name, flags: nullable, children: [])
            array = try ArrayNode.fixedWidth(values)
        case .float64(let values):
            schema = SchemaNode(format: "g", name: name, flags: nullable, children: [])
            array = try ArrayNode.fixedWidth(values)
        case .date32(let values):
            schema = SchemaNode(format: "tdD", name: name, flags: 0, children: [])
            array = try ArrayNode.fixedWidth(values.map { Optional($0) })
        case .utf8(let values):
            schema = SchemaNode(format: "u", name: name, flags: 0, children: [])
            array = try ArrayNode.utf8(values)
        }
    }
}

/// Memory from malloc, so that a consumer in any language may outlive the call; freed by the node's release.
private func allocate(_ bytes: Int) throws -> UnsafeMutableRawPointer {
    // Arrow recommends 64-byte alignment; malloc of 0 bytes may return NULL.
    var memory: UnsafeMutableRawPointer?
    guard posix_memalign(&memory, 64, max(bytes, 1)) == 0, let memory else {
        throw WellnessError.internal("out of memory for a \(bytes)-byte Arrow buffer")
    }
    return memory
}

/// A schema node: its strings and children, owned until its release.
private final class SchemaNode {
    private let format: UnsafeMutablePointer<CChar>?
    private let name: UnsafeMutablePointer<CChar>?
    private let flags: Int64
    private let children: [SchemaNode]
    private var childStructs: UnsafeMutablePointer<UnsafeMutablePointer<ArrowSchema>?>?

    init(format: String, name: String, flags: Int64, children: [SchemaNode]) {
        self.format = strdup(format)
        self.name = strdup(name)
        self.flags = flags
        self.children = children
    }

    deinit {
        free(format)
        free(name)
        if let childStructs {
            for index in children.indices { childStructs[index]?.deallocate() }
            childStructs.deallocate()
        }
    }

    /// Hands this node over to `target`; it lives until `target`'s release.
    func fill(_ target: UnsafeMutablePointer<ArrowSchema>) {
        if !children.isEmpty {
            let pointers = UnsafeMutablePointer<UnsafeMutablePointer<ArrowSchema>?>.allocate(capacity: children.count)
            for (index, child) in children.enumerated() {
                let slot = UnsafeMutablePointer<ArrowSchema>.allocate(capacity: 1)
                child.fill(slot)
                pointers[index] = slot
            }
            childStructs = pointers
        }
        target.pointee = ArrowSchema(
            format: format, name: name, metadata: nil, flags: flags, n_children: Int64(children.count),
            children: childStructs, dictionary: nil, release: releaseSchema,
            private_data: Unmanaged.passRetained(self).toOpaque())
    }

    static func release(_ schema: UnsafeMutablePointer<ArrowSchema>) {
        guard let context = schema.pointee.private_data else { return }
        let node = Unmanaged<SchemaNode>.fromOpaque(context).takeRetainedValue()
        for index in node.children.indices {
            if let child = node.childStructs?[index], let release = child.pointee.release { release(child) }
        }
        schema.pointee.release = nil
        schema.pointee.private_data = nil
    }
}

/// An array node: its buffers and children, owned until its release.
private final class ArrayNode {
    private let length: Int
    private let nullCount: Int
    /// malloc'd; nil for an absent validity bitmap.
    private let buffers: [UnsafeMutableRawPointer?]
    private let children: [ArrayNode]
    private var bufferList: UnsafeMutablePointer<UnsafeRawPointer?>?
    private var childStructs: UnsafeMutablePointer<UnsafeMutablePointer<ArrowArray>?>?

    init(length: Int, nullCount: Int, buffers: [UnsafeMutableRawPointer?], children: [ArrayNode]) {
        self.length = length
        self.nullCount = nullCount
        self.buffers = buffers
        self.children = children
    }

    deinit {
        for buffer in buffers { free(buffer) }
        bufferList?.deallocate()
        if let childStructs {
            for index in children.indices { childStructs[index]?.deallocate() }
            childStructs.deallocate()
        }
    }

    /// A column of fixed-width values: a validity bitmap (only when some are nil) and the values, nil as zero.
    static func fixedWidth<Value: FixedWidthInteger>(_ values: [Value?]) throws -> ArrayNode {
        try fixedWidth(values, zero: 0)
    }

    static func fixedWidth(_ values: [Double?]) throws -> ArrayNode {
        try fixedWidth(values, zero: 0)
    }

    private static func fixedWidth<Value>(_ values: [Value?], zero: Value) throws -> ArrayNode {
        let data = try allocate(values.count * MemoryLayout<Value>.stride)
        let typed = data.bindMemory(to: Value.self, capacity: values.count)
        for (index, value) in values.enumerated() { (typed + index).initialize(to: value ?? zero) }
        let nullCount = values.reduce(0) { $0 + ($1 == nil ? 1 : 0) }
        guard nullCount > 0 else {
            return ArrayNode(length: values.count, nullCount: 0, buffers: [nil, data], children: [])
        }
        let validity: UnsafeMutableRawPointer
        do {
            validity = try allocate((values.count + 7) / 8)
        } catch {
            free(data)
            throw error
        }
        let bits = validity.bindMemory(to: UInt8.self, capacity: (values.count + 7) / 8)
        bits.initialize(repeating: 0, count: (values.count + 7) / 8)
        for (index, value) in values.enumerated() where value != nil { bits[index / 8] |= 1 << UInt8(index % 8) }
        return ArrayNode(length: values.count, nullCount: nullCount, buffers: [validity, data], children: [])
    }

    /// A utf8 column: 32-bit offsets and the bytes.
    static func utf8(_ values: [String]) throws -> ArrayNode {
        let total = values.reduce(0) { $0 + $1.utf8.count }
        guard total <= Int(Int32.max) else {
            throw WellnessError.internal("\(total) bytes of labels exceed a utf8 column's 2 GiB")
        }
        let offsets = try allocate((values.count + 1) * 4).bindMemory(to: Int32.self, capacity: values.count + 1)
        let bytes: UnsafeMutableRawPointer
        do {
            bytes = try allocate(total)
        } catch {
            free(offsets)
            throw error
        }
        var position = 0
        for (index, value) in values.enumerated() {
            offsets[index] = Int32(truncatingIfNeeded: position)
            for byte in value.utf8 {
                bytes.storeBytes(of: byte, toByteOffset: position, as: UInt8.self)
                position += 1
            }
        }
        offsets[values.count] = Int32(truncatingIfNeeded: position)
        return ArrayNode(
            length: values.count, nullCount: 0, buffers: [nil, UnsafeMutableRawPointer(offsets), bytes],
            children: [])
    }

    /// Hands this node over to `target`; it lives until `target`'s release.
    func fill(_ target: UnsafeMutablePointer<ArrowArray>) {
        let list = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: max(buffers.count, 1))
        for (index, buffer) in buffers.enumerated() { list[index] = buffer.map(UnsafeRawPointer.init) }
        bufferList = list
        if !children.isEmpty {
            let pointers = UnsafeMutablePointer<UnsafeMutablePointer<ArrowArray>?>.allocate(capacity: children.count)
            for (index, child) in children.enumerated() {
                let slot = UnsafeMutablePointer<ArrowArray>.allocate(capacity: 1)
                child.fill(slot)
                pointers[index] = slot
            }
            childStructs = pointers
        }
        target.pointee = ArrowArray(
            length: Int64(length), null_count: Int64(nullCount), offset: 0, n_buffers: Int64(buffers.count),
            n_children: Int64(children.count), buffers: list, children: childStructs, dictionary: nil,
            release: releaseArray, private_data: Unmanaged.passRetained(self).toOpaque())
    }

    static func release(_ array: UnsafeMutablePointer<ArrowArray>) {
        guard let context = array.pointee.private_data else { return }
        let node = Unmanaged<ArrayNode>.fromOpaque(context).takeRetainedValue()
        for index in node.children.indices {
            if let child = node.childStructs?[index], let release = child.pointee.release { release(child) }
        }
        array.pointee.release = nil
        array.pointee.private_data = nil
    }
}

/// The release callbacks: C functions, found from the node in `private_data`.
private let releaseSchema: @convention(c) (UnsafeMutablePointer<ArrowSchema>?) -> Void = { schema in
    if let schema { SchemaNode.release(schema) }
}

private let releaseArray: @convention(c) (UnsafeMutablePointer<ArrowArray>?) -> Void = { array in
    if let array { ArrayNode.release(array) }
}

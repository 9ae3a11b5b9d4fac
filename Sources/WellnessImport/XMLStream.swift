import CWellnessImport
import WellnessKitCore

/// What an importer does with the elements of a streamed XML document.
protocol XMLElementHandler: AnyObject {
    /// Whether character data is wanted (it costs a callback per text run).
    var wantsText: Bool { get }
    /// An element opens; `attributes` holds name, value, name, value, ..., NULL.
    func start(_ name: UnsafePointer<CChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>) throws
    /// An element closes.
    func end(_ name: UnsafePointer<CChar>) throws
    /// A run of character data inside the current element (not NUL-terminated).
    func text(_ bytes: UnsafeRawBufferPointer)
}

/// Streams an XML document through expat, chunk by chunk, into a handler.
///
/// expat rather than libxml2's reader: it is a small, well-kept push parser
/// (Debian's libexpat1), has protection against billion-laughs expansion
/// since 2.4, and loads no external entity unless asked. On top of that,
/// any entity declaration (`<!ENTITY`) is refused outright: no health export
/// declares one, and refusing them closes entity expansion ("XML bombs")
/// entirely rather than bounding it.
final class XMLStream {
    private let parser: XML_Parser
    private let handler: XMLElementHandler
    /// The document's name in errors ("export.zip: apple_health_export/export.xml").
    private let documentName: String
    private var failure: Error?
    private var refusedEntity: String?

    init(handler: XMLElementHandler, documentName: String) throws {
        guard let parser = XML_ParserCreate(nil) else {
            throw WellnessError.internal("expat could not create a parser")
        }
        self.parser = parser
        self.handler = handler
        self.documentName = documentName
        XML_SetUserData(parser, Unmanaged.passUnretained(self).toOpaque())
        XML_SetElementHandler(parser, xmlStreamStart, xmlStreamEnd)
        if handler.wantsText { XML_SetCharacterDataHandler(parser, xmlStreamText) }
        XML_SetEntityDeclHandler(parser, xmlStreamEntityDeclaration)
    }

    deinit {
        XML_ParserFree(parser)
    }

    /// Parses the whole stream; `progress` is called after each chunk with the input consumed.
    /// - Throws: `invalidArgument` naming the document and line of malformed XML or a refused
    ///   entity; whatever the handler or `progress` throws.
    func parse(_ chunks: ByteChunks, progress: (Int) throws -> Void) throws {
        let chunkSize: Int32 = 1 << 20
        while true {
            guard let buffer = XML_GetBuffer(parser, chunkSize) else {
                throw WellnessError.internal("expat could not allocate a \(chunkSize)-byte buffer")
            }
            let count = try chunks.next(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(chunkSize)))
            let status = XML_ParseBuffer(parser, Int32(count), count == 0 ? 1 : 0)
            if let failure { throw failure }
            if let refusedEntity {
                throw WellnessError.invalidArgument(
                    "\(documentName) line \(XML_GetCurrentLineNumber(parser)): the entity declaration \"\(refusedEntity)\""
                        + " is refused (entity expansion is not read, to refuse XML bombs)")
            }
            guard status == XML_STATUS_OK else {
                let message = XML_ErrorString(XML_GetErrorCode(parser)).map { String(cString: $0) } ?? "malformed XML"
                throw WellnessError.invalidArgument(
                    "\(documentName) line \(XML_GetCurrentLineNumber(parser)), column \(XML_GetCurrentColumnNumber(parser)):"
                        + " \(message)")
            }
            try progress(chunks.inputConsumed)
            if count == 0 { return }
        }
    }

    /// Where the parser is, for the handler's own messages; valid while this stream lives.
    var locator: XMLLocator { XMLLocator(parser: parser, documentName: documentName) }

    fileprivate func stop(_ error: Error) {
        if failure == nil { failure = error }
        XML_StopParser(parser, XML_FALSE)
    }

    fileprivate func refuse(entity name: String) {
        if refusedEntity == nil { refusedEntity = name }
        XML_StopParser(parser, XML_FALSE)
    }

    fileprivate func start(_ name: UnsafePointer<CChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>) {
        guard failure == nil else { return }
        do { try handler.start(name, attributes) } catch { stop(error) }
    }

    fileprivate func end(_ name: UnsafePointer<CChar>) {
        guard failure == nil else { return }
        do { try handler.end(name) } catch { stop(error) }
    }

    fileprivate func text(_ bytes: UnsafeRawBufferPointer) {
        handler.text(bytes)
    }
}

private func stream(_ userData: UnsafeMutableRawPointer?) -> XMLStream? {
    userData.map { Unmanaged<XMLStream>.fromOpaque($0).takeUnretainedValue() }
}

// The element callbacks run once per element: the stream is borrowed, not retained.
private func xmlStreamStart(
    _ userData: UnsafeMutableRawPointer?, _ name: UnsafePointer<XML_Char>?,
    _ attributes: UnsafeMutablePointer<UnsafePointer<XML_Char>?>?
) {
    guard let userData, let name, let attributes else { return }
    Unmanaged<XMLStream>.fromOpaque(userData)._withUnsafeGuaranteedRef { $0.start(name, attributes) }
}

private func xmlStreamEnd(_ userData: UnsafeMutableRawPointer?, _ name: UnsafePointer<XML_Char>?) {
    guard let userData, let name else { return }
    Unmanaged<XMLStream>.fromOpaque(userData)._withUnsafeGuaranteedRef { $0.end(name) }
}

private func xmlStreamText(_ userData: UnsafeMutableRawPointer?, _ text: UnsafePointer<XML_Char>?, _ length: Int32) {
    guard let text, length > 0 else { return }
    stream(userData)?.text(UnsafeRawBufferPointer(start: text, count: Int(length)))
}

private func xmlStreamEntityDeclaration(
    _ userData: UnsafeMutableRawPointer?, _ name: UnsafePointer<XML_Char>?, _ isParameter: Int32,
    _ value: UnsafePointer<XML_Char>?, _ valueLength: Int32, _ base: UnsafePointer<XML_Char>?,
    _ systemId: UnsafePointer<XML_Char>?, _ publicId: UnsafePointer<XML_Char>?, _ notation: UnsafePointer<XML_Char>?
) {
    stream(userData)?.refuse(entity: name.map { String(cString: $0) } ?? "")
}

/// Whether the NUL-terminated `text` is exactly `literal`.
@inline(__always)
func cEquals(_ text: UnsafePointer<CChar>, _ literal: StaticString) -> Bool {
    literal.withUTF8Buffer { literalBytes in
        var index = 0
        while index < literalBytes.count {
            guard UInt8(bitPattern: text[index]) == literalBytes[index] else { return false }
            index += 1
        }
        return text[index] == 0
    }
}

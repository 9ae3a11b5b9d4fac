import CWellnessImport

/// Where an expat parser is: "<document> line <n>".
struct XMLLocator {
    let parser: XML_Parser
    let documentName: String

    var location: String { "\(documentName) line \(XML_GetCurrentLineNumber(parser))" }
}

import Crypto
import Foundation
import Testing

@testable import WellnessServer

/// The associated data of sealed values must never change: every sealed value in every database is bound to it.
@Suite struct SealedFieldTests {
    @Test func associatedDataKeepsItsEncoding() {
        let field = SealedField(table: "insights", column: "title", row: "ins_1", user: "usr_é")
        var expected = Data("wellness-server sealed v2".utf8)
        for part in ["insights", "title", "ins_1", "usr_é"] {
            withUnsafeBytes(of: UInt32(part.utf8.count).bigEndian) { expected.append(contentsOf: $0) }
            expected.append(contentsOf: Array(part.utf8))
        }
        #expect(field.associatedData == Array(expected))
    }

    @Test func sealedValuesOpenOnlyWhereTheyBelong() throws {
        let cipher = FieldCipher(key: SymmetricKey(size: .bits256))
        let field = SealedField(table: "insights", column: "title", row: "ins_1", user: "usr_1")
        let sealed = try cipher.seal("Walk more", for: field)
        #expect(try cipher.open(sealed, for: field) == "Walk more")
        #expect(throws: SealedValueError.self) {
            try cipher.open(sealed, for: SealedField(table: "insights", column: "title", row: "ins_2", user: "usr_1"))
        }
    }
}

import Foundation

/// The crisis reply's text and numbers: a template per language and a table
/// of emergency numbers and crisis lines per region (docs/AI.md, "Safety").
///
/// The numbers are the public national ones (emergency services; the main
/// free suicide-prevention or listening line); check them before a release
/// in a new region. A region not in the table gets the generic text: "112
/// in Europe, 911 in North America" and the language's best-known lines.
/// The reply points to help and gives no advice.
enum CrisisHelp {
    /// A region's emergency number(s) and crisis line.
    struct Numbers: Sendable {
        let emergency: String
        let crisisLine: String
    }

    /// By ISO 3166-1 alpha-2 region.
    static let regions: [String: Numbers] = [
        "US": Numbers(emergency: "911", crisisLine: "988 Suicide & Crisis Lifeline: call or text 988"),
        "CA": Numbers(emergency: "911", crisisLine: "9-8-8 Suicide Crisis Helpline: call or text 988"),
        "GB": Numbers(emergency: "999 / 112", crisisLine: "Samaritans: 116 123"),
        "IE": Numbers(emergency: "112 / 999", crisisLine: "Samaritans: 116 123"),
        "DE": Numbers(emergency: "112", crisisLine: "TelefonSeelsorge: 0800 111 0 111 / 0800 111 0 222"),
        "AT": Numbers(emergency: "144 / 112", crisisLine: "TelefonSeelsorge: 142"),
        "CH": Numbers(emergency: "144 / 112", crisisLine: "Die Dargebotene Hand / La Main Tendue: 143"),
        "FR": Numbers(emergency: "15 / 112", crisisLine: "3114"),
        "ES": Numbers(emergency: "112", crisisLine: "024"),
        "IT": Numbers(emergency: "112 / 118", crisisLine: "Telefono Amico: 02 2327 2327"),
        "PT": Numbers(emergency: "112", crisisLine: "SNS 24: 808 24 24 24 / SOS Voz Amiga: 213 544 545"),
        "NL": Numbers(emergency: "112", crisisLine: "113 Zelfmoordpreventie: 113 / 0800 0113"),
        "BE": Numbers(
            emergency: "112", crisisLine: "Zelfmoordlijn: 1813 / Centre de Prévention du Suicide: 0800 32 123"),
        "BR": Numbers(emergency: "192 / 190", crisisLine: "CVV: 188"),
        "MX": Numbers(emergency: "911", crisisLine: "Línea de la Vida: 800 911 2000"),
        "AR": Numbers(emergency: "107 / 911", crisisLine: "Centro de Asistencia al Suicida: 135 / 011 5275 1135"),
        "AU": Numbers(emergency: "000", crisisLine: "Lifeline: 13 11 14"),
        "NZ": Numbers(emergency: "111", crisisLine: "1737 (call or text) / Lifeline: 0800 543 354"),
        "JP": Numbers(emergency: "119", crisisLine: "いのちの電話 (Inochi no Denwa): 0570 783 556"),
        "CN": Numbers(emergency: "120 / 110", crisisLine: "希望24热线 (Hope 24): 400 161 9995"),
        "IN": Numbers(emergency: "112", crisisLine: "Tele-MANAS: 14416"),
    ]

    /// One language's reply: `{emergency}` and `{line}` are filled in.
    struct Template: Sendable {
        let text: String
        /// The emergency number when the region is known (`{number}` filled in).
        let knownEmergency: String
        /// The emergency number when it is not.
        let genericEmergency: String
        /// The crisis lines when the region is not known.
        let genericLine: String
    }

    static func template(_ language: CrisisLanguage) -> Template {
        switch language {
        case .english:
            Template(
                text: "I'm really sorry you're going through this. I can't help with this here, but people can, "
                    + "right now: if you are in danger or having a medical emergency, call {emergency}. If you are "
                    + "thinking about suicide or hurting yourself, contact a crisis line ({line}) or someone you trust.",
                knownEmergency: "{number}",
                genericEmergency: "your local emergency number (112 in Europe, 911 in North America)",
                genericLine: "988 in the US, Samaritans on 116 123 in the UK and Ireland")
        case .german:
            Template(
                text: "Es tut mir sehr leid, dass es dir gerade so geht. Hier kann ich dabei nicht helfen, aber andere "
                    + "können es, jetzt sofort: Wenn du in Gefahr bist oder ein medizinischer Notfall vorliegt, ruf "
                    + "{emergency} an. Wenn du daran denkst, dir das Leben zu nehmen oder dir etwas anzutun, wende dich "
                    + "an ein Krisentelefon ({line}) oder an einen Menschen, dem du vertraust.",
                knownEmergency: "{number}",
                genericEmergency: "deine örtliche Notrufnummer (112 in Europa, 911 in Nordamerika)",
                genericLine: "TelefonSeelsorge in Deutschland: 0800 111 0 111, in Österreich: 142; "
                    + "Die Dargebotene Hand in der Schweiz: 143")
        case .spanish:
            Template(
                text: "Siento mucho que estés pasando por esto. Aquí no puedo ayudarte con esto, pero hay personas que "
                    + "sí pueden, ahora mismo: si estás en peligro o tienes una emergencia médica, llama {emergency}. "
                    + "Si piensas en el suicidio o en hacerte daño, contacta una línea de crisis ({line}) o a alguien "
                    + "de confianza.",
                knownEmergency: "al {number}",
                genericEmergency: "al número de emergencias local (112 en Europa, 911 en América del Norte)",
                genericLine: "024 en España, Línea de la Vida en México: 800 911 2000")
        case .french:
            Template(
                text:
                    "Je suis vraiment désolé que tu traverses cela. Je ne peux pas t'aider avec ça ici, mais d'autres "
                    + "le peuvent, tout de suite : si tu es en danger ou face à une urgence médicale, appelle "
                    + "{emergency}. Si tu penses au suicide ou à te faire du mal, contacte une ligne d'écoute ({line}) "
                    + "ou une personne de confiance.",
                knownEmergency: "le {number}",
                genericEmergency: "le numéro d'urgence local (112 en Europe, 911 en Amérique du Nord)",
                genericLine: "3114 en France, 0800 32 123 en Belgique, 143 en Suisse")
        case .portuguese:
            Template(
                text: "Sinto muito que você esteja passando por isso. Não posso ajudar com isso aqui, mas há pessoas "
                    + "que podem, agora mesmo: se você está em perigo ou tendo uma emergência médica, ligue para "
                    + "{emergency}. Se está pensando em suicídio ou em se machucar, procure uma linha de apoio ({line}) "
                    + "ou alguém de confiança.",
                knownEmergency: "o {number}",
                genericEmergency: "o número de emergência local (112 na Europa, 911 na América do Norte)",
                genericLine: "CVV no Brasil: 188, SOS Voz Amiga em Portugal: 213 544 545")
        case .italian:
            Template(
                text: "Mi dispiace davvero che tu stia attraversando tutto questo. Qui non posso aiutarti, ma altre "
                    + "persone possono farlo, adesso: se sei in pericolo o hai un'emergenza medica, chiama "
                    + "{emergency}. Se stai pensando al suicidio o a farti del male, contatta una linea di ascolto "
                    + "({line}) o una persona di cui ti fidi.",
                knownEmergency: "il {number}",
                genericEmergency: "il numero di emergenza locale (112 in Europa, 911 in Nord America)",
                genericLine: "Telefono Amico: 02 2327 2327")
        case .dutch:
            Template(
                text: "Het spijt me echt dat je dit doormaakt. Ik kan je hier niet mee helpen, maar anderen wel, nu "
                    + "meteen: als je in gevaar bent of een medisch noodgeval hebt, bel {emergency}. Als je aan "
                    + "zelfmoord denkt of jezelf iets wilt aandoen, neem contact op met een hulplijn ({line}) of met "
                    + "iemand die je vertrouwt.",
                knownEmergency: "{number}",
                genericEmergency: "het lokale alarmnummer (112 in Europa, 911 in Noord-Amerika)",
                genericLine: "113 Zelfmoordpreventie: 0800 0113, in België de Zelfmoordlijn: 1813")
        case .chinese:
            Template(
                text: "很抱歉你正在经历这些。我在这里无法帮助你处理这件事，但现在就有人可以帮助你：如果你处于危险中或遇到医疗紧急情况，"
                    + "请拨打{emergency}。如果你有自杀或伤害自己的念头，请联系心理危机热线（{line}）或你信任的人。",
                knownEmergency: "{number}",
                genericEmergency: "当地的紧急电话（欧洲 112，北美 911）",
                genericLine: "希望24热线：400 161 9995")
        case .japanese:
            Template(
                text: "つらい思いをされていて、本当にお気の毒です。ここではこの件についてお手伝いできませんが、今すぐ助けてくれる人がいます。"
                    + "危険な状況にある場合や救急の場合は、{emergency}に電話してください。自殺や自分を傷つけることを考えている場合は、"
                    + "相談窓口（{line}）や信頼できる人に連絡してください。",
                knownEmergency: "{number}",
                genericEmergency: "地域の緊急通報番号（ヨーロッパでは112、北米では911）",
                genericLine: "いのちの電話：0570 783 556")
        }
    }

    /// The reply in `language` with `region`'s numbers (generic ones when nil or not in the table).
    static func reply(in language: CrisisLanguage, region: String?) -> String {
        let template = template(language)
        let numbers = region.flatMap { regions[$0] }
        let emergency =
            numbers.map { template.knownEmergency.replacingOccurrences(of: "{number}", with: $0.emergency) }
            ?? template.genericEmergency
        return template.text
            .replacingOccurrences(of: "{emergency}", with: emergency)
            .replacingOccurrences(of: "{line}", with: numbers?.crisisLine ?? template.genericLine)
    }

    /// `region` upper-cased when the table has it, else nil.
    static func knownRegion(_ region: String?) -> String? {
        guard let code = region?.uppercased(), regions[code] != nil else { return nil }
        return code
    }

    /// The first region subtag of an `Accept-Language` header, by preference
    /// (`de-AT,de;q=0.9` gives `AT`; `en` none); nil when there is none. Reads
    /// at most the header's first 1,024 characters.
    static func region(fromAcceptLanguage header: String?) -> String? {
        guard let header else { return nil }
        var ranges: [(quality: Double, region: String)] = []
        for (order, range) in header.prefix(1024).split(separator: ",").prefix(32).enumerated() {
            let fields = range.split(separator: ";")
            guard let tag = fields.first?.trimmingCharacters(in: .whitespaces) else { continue }
            var quality = 1.0
            for field in fields.dropFirst() {
                let parameter = field.trimmingCharacters(in: .whitespaces)
                if parameter.hasPrefix("q="), let value = Double(parameter.dropFirst(2)), value.isFinite {
                    quality = value
                }
            }
            let subtags = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).dropFirst()
            guard quality > 0,
                let region = subtags.first(where: { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isLetter } })
            else { continue }
            ranges.append((quality - Double(order) * 1e-6, region.uppercased()))
        }
        return ranges.max { $0.quality < $1.quality }?.region
    }
}

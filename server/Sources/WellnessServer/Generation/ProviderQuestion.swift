import WellnessKitCore

/// One question to the model: the task, whose facts and data, and the text
/// the user wrote (quoted as data, never spliced into the instructions).
struct ProviderQuestion: Sendable {
    var task: GenerationTask
    var userId: String
    var persona: Persona?
    var facts: FactSheet
    /// The task's data (drafts, goal, insight), written by the server.
    var data: JSONValue
    /// Text the user wrote (a message, goal titles), quoted as data in a message of its own.
    var userText: JSONValue?
    /// The user's data as a tool the model may call (coach replies).
    var tool: DataQueryTool?

    init(
        task: GenerationTask, userId: String, persona: Persona? = nil, facts: FactSheet, data: JSONValue,
        userText: JSONValue? = nil, tool: DataQueryTool? = nil
    ) {
        self.task = task
        self.userId = userId
        self.persona = persona
        self.facts = facts
        self.data = data
        self.userText = userText
        self.tool = tool
    }

    /// The most user-written text (as quoted JSON) a prompt carries: a longer
    /// message would cost its tokens whatever the daily cap.
    static let maximumUserTextBytes = 16_384

    var tools: [JSONValue] { tool == nil ? [] : DataQueryTool.definitions }

    /// Whether the answer may be kept for the same question: not one
    /// that cites tool results, which follow data the cache key lacks.
    var isCacheable: Bool { tool?.records.isEmpty ?? true }

    /// Whether the user's text is short enough to be sent.
    var fitsTheUserTextLimit: Bool {
        ChatCompletionsProvider.text(userText ?? .null).utf8.count <= Self.maximumUserTextBytes
    }

    /// The answer cache's key: everything the answer is written from.
    func cacheKey(model: String) -> String {
        AnswerCache.key([
            userId, task.rawValue, GenerationTask.promptVersion, model,
            ChatCompletionsProvider.text(facts.json), ChatCompletionsProvider.text(data),
            ChatCompletionsProvider.text(userText ?? .null),
        ])
    }
}

extension QueryTables {
    /// Answers a question in words when ``QuestionReader`` understands it whole.
    /// - Parameters:
    ///   - question: the person's words.
    ///   - anchor: the day "today" means; today in ``timeZone`` when nil.
    /// - Returns: the answer, or nil when the question is not understood (never a guessed number).
    /// - Throws: a validation error when the question reads as a query these tables cannot run.
    public func answer(_ question: String, anchor: CalendarDate? = nil) throws -> QuestionAnswer? {
        let day = anchor ?? LocalCalendar.calendarDate(of: today())
        guard let reading = QuestionReader.read(question, anchor: day) else { return nil }
        return try answer(reading)
    }

    /// Answers a question already read.
    /// - Parameter reading: what ``QuestionReader`` read.
    /// - Returns: the answer in words.
    /// - Throws: a validation error when these tables cannot run the reading's query.
    public func answer(_ reading: QuestionReader.Reading) throws -> QuestionAnswer {
        QuestionAnswer(reading: reading, result: try evaluate(reading.query))
    }
}

import Logging

extension ChatCompletionsProvider {
    /// The one log line of a call (never the prompt, never the key), and its metrics.
    func log(
        _ task: GenerationTask, latency: Duration?, usage: (prompt: Int, completion: Int)?, estimated: Int,
        outcome: String
    ) {
        metrics?.aiCall(
            task: task, model: configuration.model, outcome: outcome, latency: latency, tokens: usage,
            estimatedTokens: estimated)
        let latency = latency ?? .zero
        let milliseconds = latency.components.seconds * 1000 + latency.components.attoseconds / 1_000_000_000_000_000
        var metadata: Logger.Metadata = [
            "task": .string(task.rawValue), "model": .string(configuration.model),
            "latency_ms": .stringConvertible(milliseconds), "outcome": .string(outcome),
        ]
        if let usage {
            metadata["prompt_tokens"] = .stringConvertible(usage.prompt)
            metadata["completion_tokens"] = .stringConvertible(usage.completion)
        } else if estimated > 0 {
            metadata["estimated_tokens"] = .stringConvertible(estimated)
        }
        logger.info("ai provider call", metadata: metadata)
    }
}

import ArgumentParser
import WellnessServer

/// Where `serve` listens, and how long a connection may take.
struct NetworkOptions: ParsableArguments {
    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on; 0 picks a free one.") var port = 8080
    @Option(help: "Seconds a request's header may take to arrive (408 after).") var headerTimeout = 10.0
    @Option(help: "Seconds a request's body may take to arrive (408 after).") var bodyTimeout = 30.0
    @Option(help: "Seconds a kept-alive connection may stay idle.") var idleTimeout = 60.0
    @Option(help: "Threads that run network I/O (default: one per core).")
    var ioThreads = IOThreads.defaultCount

    func validate() throws {
        // A port past 65535 would otherwise be bound modulo 65536, elsewhere than asked.
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        _ = try timeouts()
        guard (1...IOThreads.maximumCount).contains(ioThreads) else {
            throw ValidationError("--io-threads must be between 1 and \(IOThreads.maximumCount)")
        }
    }

    /// Sets the configuration's address, deadlines and I/O threads.
    func apply(to configuration: inout ServerConfiguration) throws {
        configuration.host = host
        configuration.port = port
        configuration.timeouts = try timeouts()
        configuration.ioThreads = ioThreads
    }

    private func timeouts() throws -> ServerTimeouts {
        do {
            return try ServerTimeouts.seconds(header: headerTimeout, body: bodyTimeout, idle: idleTimeout)
        } catch let error as ConfigurationError {
            throw ValidationError(error.description)
        }
    }
}

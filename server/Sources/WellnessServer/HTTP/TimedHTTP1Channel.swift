import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 channel with ``RequestDeadlineHandler`` in front of
/// its decoder, which its configuration cannot place there (its extra handlers
/// go after the decoder).
struct TimedHTTP1Channel: HTTPChannelHandler {
    typealias Value = HTTP1Channel.Value
    let inner: HTTP1Channel
    let timeouts: ServerTimeouts

    var responder: Responder { inner.responder }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(RequestDeadlineHandler(timeouts: timeouts))
        }.flatMap {
            inner.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with header, body and idle deadlines; a request the HTTP parser
    /// rejects gets the error envelope.
    static func wellness(timeouts: ServerTimeouts) -> HTTPServerBuilder {
        let configuration = HTTP1Channel.Configuration(
            additionalChannelHandlers: [MalformedRequestHandler(), RequestPartObserver()], idleTimeout: timeouts.idle)
        return .init { responder in
            TimedHTTP1Channel(
                inner: HTTP1Channel(responder: responder, configuration: configuration), timeouts: timeouts)
        }
    }
}

import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request header or body does not arrive in time,
/// answering 408 in the error envelope when no response has started, so that
/// slow or stalled clients cannot hold connections (Hummingbird's idle timeout
/// covers connections with no request at all).
///
/// It sits first in the pipeline, before the HTTP decoder, because only the raw
/// bytes tell when a request began; ``RequestPartObserver``, after the decoder,
/// tells it when a header and a body end and when a response starts.
///
/// A response sent before its request's body has arrived (an early 401, 404
/// or 405) keeps the connection: the rest of the body is read and discarded,
/// within the body deadline and up to the upload limit, and the next request
/// follows. A body announced beyond the limit is not read: that response says
/// `Connection: close` and the connection closes after it (a client that
/// reused it would find it closed under its next request).
final class RequestDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    static let timeoutResponse: String = {
        let body =
            #"{"success":false,"error":{"code":"REQUEST_TIMEOUT","message":"the request was not received in time"}}"#
        return
            "HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: close\r\n\r\n\(body)"
    }()

    private enum Phase { case waiting, header, body, responding }

    private let timeouts: ServerTimeouts
    private var phase = Phase.waiting
    private var responseStarted = false
    /// Requests read to their end and not yet answered to theirs. A response
    /// answers the oldest of them; when there is none, it was sent before its
    /// request's body ended. The phase cannot tell: a client may send its next
    /// request as soon as it holds a response's last byte, which can be before
    /// that response's end passes ``RequestPartObserver`` (Hummingbird writes
    /// the end separately), so the phase may already belong to the next request.
    private var endedUnanswered = 0
    /// When the current phase runs out; nil while no request is being read.
    private var deadline: NIODeadline?
    /// The current request's `Content-Length`, nil when it has none (a chunked body).
    private var announcedLength: Int?
    /// The current request said `Expect: 100-continue`: answered early, its client may never send the body.
    private var expectsContinue = false
    /// Body bytes of the current request so far.
    private var bodyBytes = 0
    /// A response ended before its request's body did: the rest of that body is being discarded.
    private var answeredBeforeEnd = false
    /// The response under way said `Connection: close`: the connection closes after it.
    private var closeAfterResponse = false
    /// The one timer of the connection, which checks ``deadline`` when it fires.
    private var timer: (task: Scheduled<Void>, firesAt: NIODeadline)?
    private var context: ChannelHandlerContext?

    /// The most of an answered request's body read and discarded to keep the connection.
    private let drainLimit: Int

    init(timeouts: ServerTimeouts, drainLimit: Int = AppRequestContext.uploadLimit) {
        self.timeouts = timeouts
        self.drainLimit = drainLimit
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopTimer()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopTimer()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if phase == .waiting || phase == .responding {
            phase = .header
            arm(timeouts.header)
        }
        context.fireChannelRead(data)
    }

    // MARK: - Told by RequestPartObserver

    func headReceived(contentLength: Int?, expectsContinue: Bool = false) {
        phase = .body
        announcedLength = contentLength
        self.expectsContinue = expectsContinue
        bodyBytes = 0
        arm(timeouts.body)
    }

    /// - Returns: whether to close the connection: an answered request's body grew beyond the upload limit.
    func bodyReceived(_ bytes: Int) -> Bool {
        bodyBytes += bytes
        return answeredBeforeEnd && bodyBytes > drainLimit
    }

    func endReceived() {
        // The end of a body whose request was answered already: the connection is idle until the next request.
        if answeredBeforeEnd {
            answeredBeforeEnd = false
            phase = .waiting
            cancelDeadline()
            return
        }
        phase = .responding
        endedUnanswered += 1
        cancelDeadline()
    }

    /// - Parameter closes: whether the response says `Connection: close` already.
    /// - Returns: whether the response must say `Connection: close`: it answers a request
    ///   whose body has not ended and is announced beyond the upload limit (so it will not be read),
    ///   or whose client waits for `100 Continue` before sending it (so it may never come).
    func responseHeadSent(closes: Bool) -> Bool {
        responseStarted = true
        let early = endedUnanswered == 0
        let discardable =
            !expectsContinue && (announcedLength.map { $0 <= drainLimit } ?? (bodyBytes <= drainLimit))
        closeAfterResponse = closes || (early && !discardable)
        return closeAfterResponse && !closes
    }

    /// - Returns: whether to close the connection once this response is out:
    ///   when it said `Connection: close`. A response that ended before its
    ///   request's body keeps the connection and the body deadline: the rest
    ///   of that body is read and discarded (Hummingbird does so before it
    ///   reads the next request).
    func responseEndSent() -> Bool {
        responseStarted = false
        if closeAfterResponse {
            closeAfterResponse = false
            cancelDeadline()
            return true
        }
        guard endedUnanswered > 0 else {
            answeredBeforeEnd = true
            return false
        }
        endedUnanswered -= 1
        // Unless the next request has begun arriving, the connection is idle until it does.
        if phase == .responding, endedUnanswered == 0 { phase = .waiting }
        return false
    }

    // MARK: - Deadline

    // A request moves the deadline two or three times; scheduling and
    // cancelling a timer each time was a visible part of a small request's
    // cost. So the connection keeps one timer, moved only when a deadline
    // comes before it; when it fires early it waits for the rest.

    private func arm(_ timeout: TimeAmount) {
        let newDeadline = NIODeadline.now() + timeout
        deadline = newDeadline
        if let timer, timer.firesAt <= newDeadline { return }
        startTimer(at: newDeadline)
    }

    private func cancelDeadline() {
        deadline = nil
    }

    private func startTimer(at time: NIODeadline) {
        stopTimer()
        guard let context else { return }
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        timer = (context.eventLoop.scheduleTask(deadline: time) { handler.value.timerFired() }, time)
    }

    private func stopTimer() {
        timer?.task.cancel()
        timer = nil
    }

    private func timerFired() {
        timer = nil
        guard let deadline else { return }
        if deadline > .now() {
            startTimer(at: deadline)
        } else {
            expire()
        }
    }

    private func expire() {
        deadline = nil
        guard let context else { return }
        // A request answered already (its body stalled) gets no second answer.
        if !responseStarted && !answeredBeforeEnd {
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: Self.timeoutResponse)), promise: nil)
        }
        context.close(promise: nil)
    }
}

/// Reports decoded request parts and response parts to the connection's
/// ``RequestDeadlineHandler``; it changes nothing that passes through.
final class RequestPartObserver: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var deadlines: RequestDeadlineHandler?

    func handlerAdded(context: ChannelHandlerContext) {
        deadlines = try? context.pipeline.syncOperations.handler(type: RequestDeadlineHandler.self)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            deadlines?.headReceived(
                contentLength: head.headerFields[.contentLength].flatMap { Int($0) },
                expectsContinue: head.headerFields[.expect]?.lowercased() == "100-continue")
        case .body(let bytes):
            if deadlines?.bodyReceived(bytes.readableBytes) == true {
                context.close(promise: nil)
                return
            }
        case .end: deadlines?.endReceived()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            let closes = head.headerFields[.connection]?.lowercased() == "close"
            if deadlines?.responseHeadSent(closes: closes) == true {
                head.headerFields[.connection] = "close"
                context.write(wrapOutboundOut(.head(head)), promise: promise)
                return
            }
        case .body: break
        case .end:
            if deadlines?.responseEndSent() == true {
                let written = promise ?? context.eventLoop.makePromise()
                let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
                written.futureResult.whenComplete { _ in bound.value.close(promise: nil) }
                context.write(data, promise: written)
                return
            }
        }
        context.write(data, promise: promise)
    }
}

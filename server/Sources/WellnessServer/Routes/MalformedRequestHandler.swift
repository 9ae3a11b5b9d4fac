import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// A request the HTTP parser rejects never reaches the router: Hummingbird
/// answers it, after any response still in flight, with an empty 400 and
/// closes the connection. This channel handler notes the parse error and gives
/// that 400 the error envelope as its body.
final class MalformedRequestHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    static let body = #"{"success":false,"error":{"code":"BAD_REQUEST","message":"malformed HTTP request"}}"#
    private var parseFailed = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if error is HTTPParserError { parseFailed = true }
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard parseFailed, case .head(var head) = unwrapOutboundIn(data), head.status == .badRequest,
            head.headerFields[.contentLength] == "0"
        else {
            context.write(data, promise: promise)
            return
        }
        let body = ByteBuffer(string: Self.body)
        head.headerFields[.contentType] = "application/json"
        head.headerFields[.contentLength] = String(body.readableBytes)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: promise)
    }
}

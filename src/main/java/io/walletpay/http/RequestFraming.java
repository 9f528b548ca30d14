package io.walletpay.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.timeout.IdleStateHandler;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.impl.VertxHttpRequestDecoder;
import io.vertx.core.net.impl.ConnectionBase;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Owns how a request's framing is read, against request smuggling: a request whose body length is ambiguous
 * (both {@code Content-Length} and {@code Transfer-Encoding}, or a {@code Transfer-Encoding} other than
 * {@code chunked}) gets 400 and its connection is closed, because a proxy in front may have framed it the other
 * way. Netty quietly drops {@code Content-Length} when both are present, so the check sits in the decoder, which
 * still sees both. A cleartext HTTP/2 preface gets a 505 saying this port speaks HTTP/1.1 only, then a close. The
 * bytes of an unfinished request head do not keep a connection alive.
 */
final class RequestFraming {

    private static final String DECODER = "httpDecoder";
    private static final String IDLE = "idle";

    private RequestFraming() {}

    /** Why a request was refused before routing; the invalid-request handler turns it into the answer. */
    static final class AmbiguousFraming extends IllegalArgumentException {
        AmbiguousFraming(String message) {
            super(message);
        }
    }

    /** Swaps Vert.x's request decoder for the strict one on a just-accepted HTTP/1.x connection. */
    static void install(HttpConnection connection, HttpServerOptions options) {
        if (connection instanceof ConnectionBase base) {
            ChannelPipeline pipeline = base.channel().pipeline();
            if (pipeline.get(DECODER) instanceof VertxHttpRequestDecoder
                    && !(pipeline.get(DECODER) instanceof StrictDecoder)) {
                pipeline.replace(DECODER, DECODER, new StrictDecoder(options));
            }
            // Vert.x puts the idle timer before the decoder, where every byte is activity: a client sending its
            // head one byte a second would hold the connection for ever. After the decoder only whole requests
            // (and body chunks) are activity, so a head must arrive complete within http.idle_timeout_seconds.
            if (pipeline.get(IDLE) instanceof IdleStateHandler idle && pipeline.get(DECODER) != null) {
                pipeline.remove(IDLE);
                // a removed IdleStateHandler never starts again: a fresh one with the same times takes its place
                pipeline.addAfter(
                        DECODER,
                        IDLE,
                        new IdleStateHandler(
                                idle.getReaderIdleTimeInMillis(),
                                idle.getWriterIdleTimeInMillis(),
                                idle.getAllIdleTimeInMillis(),
                                TimeUnit.MILLISECONDS));
            }
        }
    }

    /**
     * The server's invalid-request handler: framing problems found here are answered here; everything else
     * (over-long lines and headers, unreadable requests) is {@link ErrorResponder}'s.
     */
    static void invalidRequest(HttpServerRequest request) {
        Throwable cause = request.decoderResult().cause();
        if (cause instanceof AmbiguousFraming) {
            ErrorResponder.answerAndClose(
                    request, new ServiceException(ErrorKind.VALIDATION, "ambiguous_framing", cause.getMessage()));
        } else {
            ErrorResponder.invalidRequest(request);
        }
    }

    /** Vert.x's decoder, failing the requests whose framing is ambiguous instead of guessing. */
    private static final class StrictDecoder extends VertxHttpRequestDecoder {

        private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n".getBytes(StandardCharsets.US_ASCII);
        private static final byte[] HTTP2_REFUSAL = ("HTTP/1.1 505 HTTP Version Not Supported\r\n"
                        + "Content-Type: text/plain; charset=utf-8\r\nContent-Length: 59\r\nConnection: close\r\n\r\n"
                        + "This server speaks HTTP/1.1 only; HTTP/2 is not supported.\n")
                .getBytes(StandardCharsets.US_ASCII);

        private boolean started;
        private boolean refused;

        StrictDecoder(HttpServerOptions options) {
            super(options);
        }

        /**
         * Once a request is refused the connection is closing: what follows it on the wire (perhaps a smuggled
         * second request) is never decoded. A cleartext HTTP/2 preface is answered here, before Vert.x would
         * give it a bare 501.
         */
        @Override
        protected void decode(ChannelHandlerContext ctx, ByteBuf buffer, List<Object> out) throws Exception {
            if (refused) {
                buffer.skipBytes(buffer.readableBytes());
                return;
            }
            if (!started && buffer.readableBytes() > 0) {
                if (!startsWithPreface(buffer)) {
                    started = buffer.readableBytes() >= PREFACE.length;
                } else {
                    refused = true;
                    buffer.skipBytes(buffer.readableBytes());
                    ctx.writeAndFlush(Unpooled.wrappedBuffer(HTTP2_REFUSAL)).addListener(ChannelFutureListener.CLOSE);
                    return;
                }
            }
            super.decode(ctx, buffer, out);
        }

        /** True only for a complete preface line; a shorter prefix waits for more bytes, a mismatch decodes. */
        private boolean startsWithPreface(ByteBuf buffer) {
            int readable = Math.min(buffer.readableBytes(), PREFACE.length);
            for (int i = 0; i < readable; i++) {
                if (buffer.getByte(buffer.readerIndex() + i) != PREFACE[i]) {
                    started = true;
                    return false;
                }
            }
            return readable == PREFACE.length;
        }

        @Override
        protected void handleTransferEncodingChunkedWithContentLength(HttpMessage message) {
            super.handleTransferEncodingChunkedWithContentLength(message);
            fail(message, "A request may not carry both Content-Length and Transfer-Encoding");
        }

        @Override
        protected boolean isContentAlwaysEmpty(HttpMessage message) {
            List<String> codings = message.headers().getAll(HttpHeaderNames.TRANSFER_ENCODING);
            if (!codings.isEmpty()
                    && !(codings.size() == 1 && codings.get(0).trim().equalsIgnoreCase("chunked"))) {
                fail(message, "Transfer-Encoding other than chunked is not supported");
            }
            return super.isContentAlwaysEmpty(message);
        }

        private void fail(HttpMessage message, String why) {
            refused = true;
            if (message.decoderResult().isSuccess()) {
                message.setDecoderResult(DecoderResult.failure(new AmbiguousFraming(why)));
            }
        }
    }
}

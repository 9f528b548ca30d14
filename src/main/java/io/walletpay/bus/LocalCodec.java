package io.walletpay.bus;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.MessageCodec;

/**
 * Passes message records between verticles of one JVM by reference: records are immutable, so nothing is
 * copied or serialised. Only the hand-over to this JVM's own sender uses it, so the wire form is refused.
 */
public final class LocalCodec<T> implements MessageCodec<T, T> {

    private final String name;

    public LocalCodec(String name) {
        this.name = name;
    }

    @Override
    public void encodeToWire(Buffer buffer, T message) {
        throw new UnsupportedOperationException("walletpay messages are local to one JVM");
    }

    @Override
    public T decodeFromWire(int position, Buffer buffer) {
        throw new UnsupportedOperationException("walletpay messages are local to one JVM");
    }

    @Override
    public T transform(T message) {
        return message;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public byte systemCodecID() {
        return -1;
    }
}

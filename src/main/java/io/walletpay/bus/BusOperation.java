package io.walletpay.bus;

import java.util.Objects;

/**
 * One request/reply operation of a store: its address and the classes of its request and reply. Callers and the
 * store name the operation, never the bare address, so both ends agree on the types; the reply is cast with
 * {@link Class#cast}, never unchecked.
 */
public record BusOperation<Q, R>(String address, Class<Q> request, Class<R> reply) {

    public BusOperation {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(reply, "reply");
    }

    public static <Q, R> BusOperation<Q, R> of(String address, Class<Q> request, Class<R> reply) {
        return new BusOperation<>(address, request, reply);
    }
}

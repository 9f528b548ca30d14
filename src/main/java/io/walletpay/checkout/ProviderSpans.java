package io.walletpay.checkout;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Scope;
import io.vertx.core.Future;
import io.walletpay.tracing.Tracing;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;

/**
 * A span for each call of a wallet provider (opening a payment, looking one up, a transfer, its status, the balance),
 * in the trace of the request or sweep that made it: {@code provider <name> <method>}, ended when the call's answer
 * comes, an error when it failed. The provider's own HTTP exchanges go under it.
 */
final class ProviderSpans {

    private ProviderSpans() {}

    /** {@code provider} with a span around every call answering a {@link Future}; itself while tracing is off. */
    static WalletProvider traced(WalletProvider provider) {
        if (!Tracing.on()) {
            return provider;
        }
        String prefix = "provider " + provider.name() + " ";
        return (WalletProvider) Proxy.newProxyInstance(
                WalletProvider.class.getClassLoader(), new Class<?>[] {WalletProvider.class}, (proxy, method, args) -> {
                    if (method.getReturnType() != Future.class) {
                        return call(method, provider, args);
                    }
                    Span span = Tracing.start(prefix + method.getName(), SpanKind.CLIENT, Tracing.current(), List.of());
                    span.setAttribute("walletpay.provider", provider.name());
                    Future<?> answer;
                    try (Scope ignored = span.makeCurrent()) {
                        answer = (Future<?>) call(method, provider, args);
                    } catch (Throwable thrown) {
                        Tracing.end(span, thrown);
                        throw thrown;
                    }
                    return answer.onComplete(done -> Tracing.end(span, done.cause()));
                });
    }

    private static Object call(java.lang.reflect.Method method, WalletProvider provider, Object[] args)
            throws Throwable {
        try {
            return method.invoke(provider, args);
        } catch (InvocationTargetException thrown) {
            throw thrown.getCause();
        }
    }
}

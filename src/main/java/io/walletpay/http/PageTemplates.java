package io.walletpay.http;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.templ.jte.JteTemplateEngine;
import io.walletpay.page.LinkView;
import io.walletpay.page.PageText;
import io.walletpay.page.PaymentView;
import io.walletpay.page.ProblemView;
import io.walletpay.page.ReceiptView;
import io.walletpay.page.RetryView;
import java.util.Map;

/**
 * The customer pages' templates ({@code src/main/jte}), compiled to classes at build time by the jte Maven plugin
 * and rendered through vertx-web's jte engine. Content type HTML: every {@code ${…}} is escaped for where it
 * stands (text or attribute), so a merchant name or a typed phone number cannot become markup.
 */
final class PageTemplates {

    // Precompiled: the engine only loads the generated classes; no template compiler runs in the service.
    private static final JteTemplateEngine ENGINE =
            JteTemplateEngine.create(TemplateEngine.createPrecompiled(ContentType.Html));

    private PageTemplates() {}

    static Future<Buffer> payment(PageText text, PaymentView payment) {
        return ENGINE.render(Map.of("t", text, "p", payment), "payment.jte");
    }

    static Future<Buffer> retry(PageText text, RetryView retry) {
        return ENGINE.render(Map.of("t", text, "v", retry), "retry.jte");
    }

    static Future<Buffer> receipt(PageText text, ReceiptView receipt) {
        return ENGINE.render(Map.of("t", text, "r", receipt), "receipt.jte");
    }

    static Future<Buffer> link(PageText text, LinkView link) {
        return ENGINE.render(Map.of("t", text, "v", link), "link.jte");
    }

    static Future<Buffer> problem(PageText text, ProblemView problem) {
        return ENGINE.render(Map.of("t", text, "v", problem), "problem.jte");
    }
}

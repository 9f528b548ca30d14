package io.walletpay.sdk;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.ChildProcess;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Python SDK's example runs a shop's whole flow against the real service: token, an idempotent payment, the
 * sandbox checkout paid, the webhook received and verified in both schemes, a refund and a paged list.
 */
@BehaviourTest
class PythonSdkExampleTest extends SdkExample {

    static final Path SDK = Path.of("sdk/python").toAbsolutePath();

    @Test
    void theExampleRunsTheWholeFlowAgainstTheService() throws Exception {
        JsonObject merchant = service.createMerchant("Boutik Python");

        ChildProcess.Result run = run(merchant, List.of("python3", "examples/whole_flow.py"), SDK);

        assertRanTheWholeFlow(merchant, run);
    }
}

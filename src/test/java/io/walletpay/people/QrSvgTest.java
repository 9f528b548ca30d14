package io.walletpay.people;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.RGBLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import io.nayuki.qrcodegen.QrCode;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** The enrolment QR code: a well-formed, named SVG image whose path a QR reader decodes back to the otpauth URI. */
class QrSvgTest {

    /** One horizontal run of dark modules: start column, row, run length (twice). */
    private static final Pattern RUN = Pattern.compile("M(\\d+),(\\d+)h(\\d+)v1h-(\\d+)z");

    private static final int PIXELS_PER_MODULE = 4;

    private static final String URI = Totp.otpauthUri(
            "Boutik Ti Mari", "mari+kès@example.ht", Totp.secretFromBase32("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"));

    @Test
    void theSvgIsAWellFormedNamedImageOfTheDocumentedSize() throws Exception {
        Element svg =
                parse(QrSvg.of(URI, "Kòd QR pou aplikasyon otantifikasyon an")).getDocumentElement();

        assertThat(svg.getTagName()).isEqualTo("svg");
        assertThat(svg.getNamespaceURI()).isEqualTo("http://www.w3.org/2000/svg");
        assertThat(svg.getAttribute("role")).isEqualTo("img");
        assertThat(svg.getAttribute("aria-label")).isEqualTo("Kòd QR pou aplikasyon otantifikasyon an");
        assertThat(svg.getAttribute("width")).isEqualTo("240");
        assertThat(svg.getAttribute("height")).isEqualTo("240");
        assertThat(svg.getAttribute("shape-rendering")).isEqualTo("crispEdges");
        int side = QrCode.encodeText(URI, QrCode.Ecc.MEDIUM).size + 2 * QrSvg.BORDER;
        assertThat(svg.getAttribute("viewBox")).isEqualTo("0 0 " + side + " " + side);
        assertThat(svg.getElementsByTagName("path").getLength()).isEqualTo(1);
    }

    @Test
    void thePathHoldsExactlyTheLibrarysDarkModulesInsideTheQuietZone() throws Exception {
        QrCode qr = QrCode.encodeText(URI, QrCode.Ecc.MEDIUM);
        boolean[][] drawn = new boolean[qr.size][qr.size];

        Matcher runs = RUN.matcher(path(parse(QrSvg.of(URI, "QR"))));
        while (runs.find()) {
            int x = Integer.parseInt(runs.group(1)) - QrSvg.BORDER;
            int y = Integer.parseInt(runs.group(2)) - QrSvg.BORDER;
            int length = Integer.parseInt(runs.group(3));
            assertThat(runs.group(4)).isEqualTo(runs.group(3));
            for (int i = 0; i < length; i++) {
                assertThat(drawn[y][x + i]).isFalse();
                drawn[y][x + i] = true;
            }
        }
        int dark = 0;
        for (int y = 0; y < qr.size; y++) {
            for (int x = 0; x < qr.size; x++) {
                assertThat(drawn[y][x]).as("module %d,%d", x, y).isEqualTo(qr.getModule(x, y));
                dark += drawn[y][x] ? 1 : 0;
            }
        }
        assertThat(dark).isPositive();
    }

    @Test
    void aQrReaderDecodesTheSvgBackToTheUri() throws Exception {
        assertThat(decode(QrSvg.of(URI, "QR"))).isEqualTo(URI);
    }

    @Test
    void theLabelIsEscapedForXml() throws Exception {
        String label = "Ti Mari <& \"Co\"> l'enrôlement\u0007";

        String svg = QrSvg.of(URI, label);

        assertThat(svg).doesNotContain("<&").doesNotContain("\u0007");
        Element root = parse(svg).getDocumentElement();
        assertThat(root.getAttribute("aria-label")).isEqualTo("Ti Mari <& \"Co\"> l'enrôlement");
        assertThat(root.getElementsByTagName("title").item(0).getTextContent())
                .isEqualTo("Ti Mari <& \"Co\"> l'enrôlement");
    }

    /** Draws the SVG's runs as a bitmap, the way a screen shows them, and reads it with ZXing. */
    private static String decode(String svgText) throws Exception {
        Document document = parse(svgText);
        String[] box = document.getDocumentElement().getAttribute("viewBox").split(" ");
        int side = Integer.parseInt(box[2]);
        int width = side * PIXELS_PER_MODULE;
        int[] pixels = new int[width * width];
        Arrays.fill(pixels, 0xFFFFFFFF);
        Matcher runs = RUN.matcher(path(document));
        while (runs.find()) {
            int x0 = Integer.parseInt(runs.group(1));
            int y = Integer.parseInt(runs.group(2));
            int length = Integer.parseInt(runs.group(3));
            for (int x = x0; x < x0 + length; x++) {
                for (int dy = 0; dy < PIXELS_PER_MODULE; dy++) {
                    for (int dx = 0; dx < PIXELS_PER_MODULE; dx++) {
                        pixels[(y * PIXELS_PER_MODULE + dy) * width + x * PIXELS_PER_MODULE + dx] = 0xFF000000;
                    }
                }
            }
        }
        var bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(width, width, pixels)));
        return new QRCodeReader()
                .decode(
                        bitmap,
                        Map.of(DecodeHintType.PURE_BARCODE, Boolean.TRUE, DecodeHintType.CHARACTER_SET, "UTF-8"))
                .getText();
    }

    private static String path(Document document) {
        return ((Element) document.getElementsByTagName("path").item(0)).getAttribute("d");
    }

    private static Document parse(String svg) throws Exception {
        var factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }
}

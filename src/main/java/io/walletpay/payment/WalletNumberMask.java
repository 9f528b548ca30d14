package io.walletpay.payment;

/**
 * How a wallet number (a payment's payer, a refund's receiver, a merchant's payout number) is shown wherever it is
 * shown: the API, the portal's pages and the CSV export alike. Country code and the last four digits, e.g.
 * {@code 509****1234}: enough to recognise a customer on the phone, not enough to reuse the number. Short or odd
 * values are hidden whole.
 */
public final class WalletNumberMask {

    /** {@code number} masked; null when there is none. */
    public static String mask(String number) {
        if (number == null || number.isBlank()) {
            return null;
        }
        String digits = number.strip();
        if (digits.length() < 8 || !digits.chars().allMatch(Character::isDigit)) {
            return "****";
        }
        return digits.substring(0, 3) + "****" + digits.substring(digits.length() - 4);
    }

    private WalletNumberMask() {}
}

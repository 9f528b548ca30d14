package io.walletpay.mail;

import io.walletpay.page.Language;
import java.time.Instant;

public record InviteLetter(
        String to, String inviteUrl, String merchantName, String role, Language language, Instant expiresAt) {}

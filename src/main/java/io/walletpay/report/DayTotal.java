package io.walletpay.report;

import java.math.BigDecimal;
import java.time.LocalDate;

/** One Haitian day's payments of one status: how many were created that day, their amount, fees and net. */
public record DayTotal(LocalDate day, String status, long count, BigDecimal amount, BigDecimal fees, BigDecimal net) {}

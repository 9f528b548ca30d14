package io.walletpay.loadtest;

/**
 * The part of a run a request falls in. Every tally keeps one set of figures per phase and reports the measured
 * one, so that both phases run the very same code: see {@link RunClock#phaseOf(long)} for why that matters.
 */
enum Phase {
    /** Before the measured window: counted apart. Nothing is due or sent from the window's end on. */
    WARM_UP,
    /** Due (open loop) or sent (closed loop) inside the measured window: the run's figures. */
    MEASURED;

    private static final Phase[] BY_INDEX = values();

    /** 0 for the warm-up, 1 for the measured window. */
    static Phase of(int index) {
        return BY_INDEX[index];
    }
}

package io.walletpay.db;

import java.nio.file.Path;

/**
 * Where and how pgBackRest keeps the embedded server's backups and archived WAL: the repository, the full backups
 * kept, the age at which a backup is full again, and the program to run.
 */
public record BackupSettings(Path repoPath, int retentionFull, int fullEveryDays, String pgbackrest) {}

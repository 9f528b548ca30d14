package io.walletpay.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataDirectoryLockTest {

    @TempDir
    Path parent;

    @Test
    void aMissingDataDirectoryIsCreatedForTheServicesUserAlone() throws Exception {
        Path dataDir = parent.resolve("walletpay").resolve("data");

        try (DataDirectoryLock lock = DataDirectoryLock.acquire(dataDir)) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dataDir)))
                    .isEqualTo("rwx------");
        }
    }

    @Test
    void anExistingDirectoryKeepsTheModeItsOwnerGaveIt() throws Exception {
        Path dataDir = Files.createDirectory(parent.resolve("data"));
        Files.setPosixFilePermissions(dataDir, PosixFilePermissions.fromString("rwxr-x---"));

        try (DataDirectoryLock lock = DataDirectoryLock.acquire(dataDir)) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dataDir)))
                    .isEqualTo("rwxr-x---");
        }
    }

    @Test
    void aFileWhereTheDirectoryShouldBeIsRefused() throws Exception {
        Path file = Files.writeString(parent.resolve("data"), "not a directory");

        assertThatThrownBy(() -> DataDirectoryLock.acquire(file)).isInstanceOf(FileAlreadyExistsException.class);
    }
}

package io.walletpay.db;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/**
 * One service per data directory: an OS file lock on {@code <data_dir>/walletpay.lock}, taken before anything
 * touches the database and held for the life of the process (the OS drops it when the process dies, however it
 * dies). The file names the holder's pid so a second start can say who is running.
 */
public final class DataDirectoryLock implements AutoCloseable {

    static final String FILE = "walletpay.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private DataDirectoryLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Thrown when another live process holds the directory; the message is the one line to print. */
    public static final class HeldElsewhere extends Exception {
        HeldElsewhere(String message) {
            super(message);
        }
    }

    /**
     * Takes the lock on {@code dataDir}, or says which process holds it. A missing directory is created readable by
     * the service's user alone (0700 where the file system has POSIX permissions): it holds the secrets.
     */
    public static DataDirectoryLock acquire(Path dataDir) throws IOException, HeldElsewhere {
        if (!Files.isDirectory(dataDir)) {
            if (dataDir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                Files.createDirectories(
                        dataDir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } else {
                Files.createDirectories(dataDir);
            }
        }
        Path file = dataDir.resolve(FILE);
        FileChannel channel =
                FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException sameJvm) {
            lock = null;
        }
        if (lock == null) {
            String holder = holder(channel).map(pid -> "pid " + pid).orElse("pid unknown");
            channel.close();
            throw new HeldElsewhere("data directory " + dataDir.toAbsolutePath().normalize()
                    + " is in use by another walletpay process (" + holder
                    + "); stop it first or give this one another data_dir (WALLETPAY_DATA_DIR)");
        }
        channel.truncate(0);
        channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
        channel.force(false);
        return new DataDirectoryLock(channel, lock);
    }

    private static Optional<String> holder(FileChannel channel) {
        try {
            ByteBuffer buffer = ByteBuffer.allocate(32);
            channel.read(buffer, 0);
            String text = new String(buffer.array(), 0, buffer.position(), StandardCharsets.US_ASCII).trim();
            return text.matches("\\d+") ? Optional.of(text) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    @Override
    public void close() throws IOException {
        lock.release();
        channel.close();
    }
}

package dev.firebreak.zookeeper;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.apache.zookeeper.OpResult;

/**
 * A node's modification zxid, read from a getData result's stat without naming the stat's class.
 */
final class Revisions {

    /*
     * Why not read.getStat().getMzxid(): the stat's class lives in zookeeper-jute, whose packages overlap
     * zookeeper's own (org.apache.zookeeper.server.quorum and .persistence are in both jars), so the two
     * cannot both be modules. This module requires zookeeper and leaves zookeeper-jute on the class path,
     * where an automatic module (zookeeper) still reads it but a named module (this one) cannot name its
     * types. The two calls go through method handles, looked up once.
     */

    private static final MethodHandle STAT;
    private static final MethodHandle MZXID;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            Class<?> statClass = OpResult.GetDataResult.class.getMethod("getStat").getReturnType();
            STAT = lookup.findVirtual(OpResult.GetDataResult.class, "getStat", MethodType.methodType(statClass));
            MZXID = lookup.findVirtual(statClass, "getMzxid", MethodType.methodType(long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private Revisions() {
    }

    /** The modification zxid of the node {@code read} read. */
    static long modifiedAt(OpResult.GetDataResult read) {
        try {
            return (long) MZXID.invoke(STAT.invoke(read));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot read the zxid of a ZooKeeper stat", e);
        }
    }
}

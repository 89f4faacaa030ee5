/**
 * Live configuration from ZooKeeper: {@link dev.firebreak.zookeeper.ZooKeeperPropertySource} watches
 * the children of one node, one property per child, and hands the live configuration a snapshot that
 * some instant of the store held.
 */
package dev.firebreak.zookeeper;

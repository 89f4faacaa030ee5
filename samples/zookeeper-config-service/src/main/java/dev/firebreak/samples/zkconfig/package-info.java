/** A service configured from ZooKeeper through Spring Cloud Zookeeper Config. */
package dev.firebreak.samples.zkconfig;

/**
 * Live configuration from etcd: {@link dev.firebreak.etcd.EtcdPropertySource} watches the keys under
 * one prefix, one property per key, and hands the live configuration what the store held at one
 * revision.
 */
package dev.firebreak.etcd;

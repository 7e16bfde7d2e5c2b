package org.lbsim.lb;

/**
 * Bob Jenkins' lookup2 mix of three 32-bit words, the hash the study's simulator applies to
 * (flow id, path id, switch salt) to pick an equal-cost next hop.
 */
final class Lookup2 {
  private static final int GOLDEN = 0x9e3779b9;

  private Lookup2() {}

  static int hash(int flowId, int pathId, int salt) {
    int a = GOLDEN + flowId;
    int b = GOLDEN + salt;
    int c = pathId;
    // CHECKSTYLE.OFF: OneStatementPerLine (the mix in its published layout, one round per line)
    a -= b + c; a ^= c >>> 13;
    b -= c + a; b ^= a << 8;
    c -= a + b; c ^= b >>> 13;
    a -= b + c; a ^= c >>> 12;
    b -= c + a; b ^= a << 16;
    c -= a + b; c ^= b >>> 5;
    a -= b + c; a ^= c >>> 3;
    b -= c + a; b ^= a << 10;
    c -= a + b; c ^= b >>> 15;
    // CHECKSTYLE.ON: OneStatementPerLine
    return c;
  }
}

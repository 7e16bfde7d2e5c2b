package org.lbsim.experiment;

import java.nio.file.Path;

/** Holds a results store open until killed (for the lock test): prints "holding" once it does. */
public final class StoreHolder {
  private StoreHolder() {}

  public static void main(String[] args) throws InterruptedException {
    ResultStore s = ResultStore.open(Path.of(args[0]));
    System.out.println("holding");
    System.out.flush();
    Thread.sleep(600_000);
    s.close();
  }
}

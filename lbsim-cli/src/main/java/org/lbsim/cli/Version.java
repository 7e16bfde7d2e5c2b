package org.lbsim.cli;

import picocli.CommandLine.IVersionProvider;

final class Version implements IVersionProvider {
  @Override
  public String[] getVersion() {
    String v = Main.class.getPackage().getImplementationVersion();
    return new String[] {"lbsim " + (v == null ? "dev" : v)};
  }
}

/*===- ck-capi-test.c - ck-mlir's compiler C API, from C ------------------===*
 *
 * Run by test/CAPI/capi.test: registers and loads the ck dialect through
 * its handle, parses a ck attribute, registers ck's passes, compiles a
 * problem into the bundle directory given on the command line, parses
 * problems with the tools' parser, and shows the errors of bad calls.
 *
 *===----------------------------------------------------------------------===*/

#include "ck-c/Compiler.h"
#include "mlir-c/IR.h"

#include <stdio.h>
#include <string.h>

static MlirStringRef str(const char *text) {
  return mlirStringRefCreateFromCString(text);
}

static void printError(MlirStringRef message, void *userData) {
  (void)userData;
  printf("error: %.*s\n", (int)message.length, message.data);
}

static void printText(MlirStringRef text, void *userData) {
  (void)userData;
  printf("%.*s", (int)text.length, text.data);
}

static void printProblem(MlirStringRef json, void *userData) {
  (void)userData;
  printf("problem: %.*s\n", (int)json.length, json.data);
}

static void compile(const char *chip, const char *flags, const char *dir) {
  MlirLogicalResult result =
      ckCompileProblem(str(chip), str(flags), str(dir), printError, NULL);
  printf("compile %s: %s\n", chip,
         mlirLogicalResultIsSuccess(result) ? "ok" : "failed");
}

static void parse(const char *args) {
  MlirLogicalResult result =
      ckParseProblems(str(args), printProblem, printError, NULL);
  printf("parse: %s\n", mlirLogicalResultIsSuccess(result) ? "ok" : "failed");
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: ck-capi-test BUNDLE_DIR\n");
    return 2;
  }
  MlirContext context = mlirContextCreate();
  MlirDialectHandle ck = mlirGetDialectHandle__ck__();
  MlirStringRef name = mlirDialectHandleGetNamespace(ck);
  printf("dialect: %.*s\n", (int)name.length, name.data);
  mlirDialectHandleRegisterDialect(ck, context);
  MlirDialect loaded = mlirContextGetOrLoadDialect(context, str("ck"));
  printf("loaded: %s\n", mlirDialectIsNull(loaded) ? "no" : "yes");
  MlirAttribute partition =
      mlirAttributeParseGet(context, str("#ck.partition<stream_k>"));
  printf("attribute: ");
  mlirAttributePrint(partition, printText, NULL);
  printf("\n");
  mlirContextDestroy(context);

  ckRegisterPasses();
  compile("gfx942", "--direction=fwd -G 1 -N 1 -C 8 -K 8 --in=4,4 --filter=1,1",
          argv[1]);
  compile("gfx000", "--direction=fwd -G 1 -N 1 -C 8 -K 8 --in=4,4 --filter=1,1",
          argv[1]);
  compile("gfx942", "--direction=fwd -G 1 -N 1 -C 0 -K 8 --in=4,4 --filter=1,1",
          argv[1]);
  compile("gfx942",
          "--direction=fwd -G 1 -N 1 -C 8 -K 8 --in=4,4 --filter=1,1 --bogus",
          argv[1]);

  /* One argument per line. */
  parse("--direction=fwd\n-N\n2\n-C\n8\n-K\n4\n--in=5,5\n--filter=3,3\n"
        "--pad=1,1");
  parse("-C\n0\n--in=5,5\n--filter=3,3");
  return 0;
}

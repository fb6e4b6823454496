// RUN: ck-opt %s -split-input-file -ck-scope-lds-copies | FileCheck %s

// In a function with loads to LDS, those get the scope `copies` and every
// other access to LDS (address space 3) the scope `lds`, each the other as
// its noalias scope; global accesses keep no scopes.

// CHECK-DAG: #[[DOMAIN:.*]] = #llvm.alias_scope_domain<id = distinct[{{.*}}]<>, description = "ck.lds">
// CHECK-DAG: #[[COPIES:.*]] = #llvm.alias_scope<id = distinct[{{.*}}]<>, domain = #[[DOMAIN]], description = "copies">
// CHECK-DAG: #[[LDS:.*]] = #llvm.alias_scope<id = distinct[{{.*}}]<>, domain = #[[DOMAIN]], description = "lds">
// CHECK-LABEL: llvm.func @copies_and_reads
// CHECK: rocdl.load.to.lds %{{.*}}, %{{.*}}, 16, 0, 0 {alias_scopes = [#[[COPIES]]], noalias_scopes = [#[[LDS]]]}
// CHECK: llvm.load %{{.*}} {alias_scopes = [#[[LDS]]], noalias_scopes = [#[[COPIES]]]} : !llvm.ptr<3> -> vector<8xf16>
// CHECK: rocdl.ds.read.tr16.b64 %{{.*}} {alias_scopes = [#[[LDS]]], noalias_scopes = [#[[COPIES]]]}
// CHECK: llvm.store %{{.*}}, %{{.*}} {alias_scopes = [#[[LDS]]], noalias_scopes = [#[[COPIES]]]} : vector<8xf16>, !llvm.ptr<3>
// CHECK: llvm.load %{{.*}} : !llvm.ptr<1> -> vector<8xf16>
llvm.func @copies_and_reads(%src: !llvm.ptr<7>, %lds: !llvm.ptr<3>, %global: !llvm.ptr<1>) -> vector<8xf16> {
  rocdl.load.to.lds %src, %lds, 16, 0, 0 : !llvm.ptr<7>
  %v = llvm.load %lds : !llvm.ptr<3> -> vector<8xf16>
  %t = rocdl.ds.read.tr16.b64 %lds : !llvm.ptr<3> -> vector<4xf16>
  llvm.store %v, %lds : vector<8xf16>, !llvm.ptr<3>
  %g = llvm.load %global : !llvm.ptr<1> -> vector<8xf16>
  llvm.return %g : vector<8xf16>
}

// -----
// A function without loads to LDS is left alone.
// CHECK-LABEL: llvm.func @no_copies
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<8xf16>
// CHECK-NOT: alias_scopes
llvm.func @no_copies(%lds: !llvm.ptr<3>) -> vector<8xf16> {
  %v = llvm.load %lds : !llvm.ptr<3> -> vector<8xf16>
  llvm.return %v : vector<8xf16>
}

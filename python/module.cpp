// nonet._nonet: the engine for Python, over the operations layer (apps/ops):
// the result types (types.cpp), running on threads with Ctrl-C (run.cpp), and
// the operations as functions (bindings.cpp). Every function takes puzzles in
// the text forms the CLI reads (or a parsed nonet.Puzzle) and returns small
// result types whose str() is the CLI's answer line; the work runs with the
// GIL released.

#include <pybind11/pybind11.h>

#include "nonet/version.h"
#include "python/bindings.h"
#include "python/run.h"
#include "python/types.h"

namespace nonet::python {
namespace {

void define_module(py::module_& m) {
  m.doc() = "The nonet Sudoku engine (the compiled part of the nonet package).";
  m.attr("__version__") = kVersion;
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ItemFailure& f) {
      py::object e = error_object(f.failure);
      PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(e.ptr())), e.ptr());
    }
  });
  define_types(m);
  define_operations(m);
}

}  // namespace
}  // namespace nonet::python

PYBIND11_MODULE(_nonet, m) { nonet::python::define_module(m); }

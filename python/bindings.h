#pragma once
// The operations as functions of nonet._nonet (bindings.cpp).

#include <pybind11/pybind11.h>

namespace nonet::python {

void define_operations(pybind11::module_& m);

}  // namespace nonet::python

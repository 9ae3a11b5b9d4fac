/* The header test of test_header.c, compiled as C++11. */
#include "test_header.c"

void f0(double[!__builtin_copysign(~2, 3)]);

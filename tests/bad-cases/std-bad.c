/* case-std: c++17! */

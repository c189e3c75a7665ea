/* case-title:   */
